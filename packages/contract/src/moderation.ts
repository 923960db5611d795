import { type CodedMessage, coded, msg } from './coded-message';
import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { PageQueryShape } from './paging';

/**
 * Reports, moderation and blocks (issue 16; docs/decisions/028-reports-moderation-blocks.md).
 */
export const ReportTargetType = { DONATION: 'DONATION', FOOD_NEED: 'FOOD_NEED', USER: 'USER' } as const;
export type ReportTargetType = (typeof ReportTargetType)[keyof typeof ReportTargetType];
export const ReportTargetTypeSchema = z.enum([ReportTargetType.DONATION, ReportTargetType.FOOD_NEED, ReportTargetType.USER], {
  error: msg('REPORT_TARGET_CHOOSE'),
});

export const ReportReason = {
  SPOILED_OR_UNSAFE: 'SPOILED_OR_UNSAFE',
  WRONG_INFORMATION: 'WRONG_INFORMATION',
  ABUSIVE: 'ABUSIVE',
  SPAM: 'SPAM',
  OTHER: 'OTHER',
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];
export const REPORT_REASONS = Object.values(ReportReason) as [ReportReason, ...ReportReason[]];
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: msg('REPORT_REASON_CHOOSE') });

/** How each reason reads in the report dialog and the moderation queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPOILED_OR_UNSAFE: 'Spoiled or unsafe food',
  WRONG_INFORMATION: 'Wrong information',
  ABUSIVE: 'Abusive behaviour',
  SPAM: 'Spam',
  OTHER: 'Other',
};

export const ReportStatus = { OPEN: 'OPEN', DISMISSED: 'DISMISSED', ACTIONED: 'ACTIONED' } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];
export const ReportStatusSchema = z.enum([ReportStatus.OPEN, ReportStatus.DISMISSED, ReportStatus.ACTIONED]);

/** A person may file this many reports an hour; enough for anyone reporting in good faith. */
export const REPORTS_PER_HOUR = 10;
export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

const idMessage = msg('REPORT_TARGET_ID_INVALID');
const TargetIdSchema = z.number({ error: idMessage }).int(idMessage).positive(idMessage).max(2_147_483_647, idMessage);

export const CreateReportInputSchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: TargetIdSchema,
  reason: ReportReasonSchema,
  details: optionalText('DETAILS', REPORT_DETAILS_MAX).optional().default(''),
});
export type CreateReportInput = z.input<typeof CreateReportInputSchema>;

export const ReportSchema = z.object({
  id: z.number().int(),
  targetType: ReportTargetTypeSchema,
  targetId: z.number().int(),
  reason: ReportReasonSchema,
  details: z.string(),
  status: ReportStatusSchema,
  createdAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** What an admin does to a report's target. RESTORE unhides a listing or lifts a suspension. */
export const ModerationAction = { DISMISS: 'DISMISS', HIDE: 'HIDE', RESTORE: 'RESTORE', SUSPEND: 'SUSPEND' } as const;
export type ModerationAction = (typeof ModerationAction)[keyof typeof ModerationAction];
export const ModerationActionSchema = z.enum([ModerationAction.DISMISS, ModerationAction.HIDE, ModerationAction.RESTORE, ModerationAction.SUSPEND], {
  error: msg('MODERATION_ACTION_CHOOSE'),
});

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  DISMISS: 'Dismissed the reports',
  HIDE: 'Hid the listing',
  RESTORE: 'Restored',
  SUSPEND: 'Suspended the user',
};

/** Suspensions "for good" end at this instant, which sorts after every real one. */
export const SUSPENDED_FOR_GOOD = '9999-12-31T23:59:59.999Z';
export const SUSPENSION_DAYS_MAX = 3650;

const daysMessage = msg('SUSPENSION_DAYS_RANGE', { max: SUSPENSION_DAYS_MAX });

/**
 * One admin action. `durationDays` only for SUSPEND (null: for good); HIDE only for listings,
 * SUSPEND only for users; every action needs a reason, which goes to the audit log.
 */
export const ModerationActionInputSchema = z
  .object({
    action: ModerationActionSchema,
    targetType: ReportTargetTypeSchema,
    targetId: TargetIdSchema,
    reason: requiredText('REASON', MODERATION_REASON_MAX),
    durationDays: z.number({ error: daysMessage }).int(daysMessage).min(1, daysMessage).max(SUSPENSION_DAYS_MAX, daysMessage).nullable().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === ModerationAction.HIDE && input.targetType === ReportTargetType.USER) {
      ctx.addIssue({ code: 'custom', path: ['action'], message: msg('HIDE_LISTINGS_ONLY_SUSPEND_USER') });
    }
    if (input.action === ModerationAction.SUSPEND && input.targetType !== ReportTargetType.USER) {
      ctx.addIssue({ code: 'custom', path: ['action'], message: msg('SUSPEND_USERS_ONLY_HIDE_LISTING') });
    }
    if (input.action === ModerationAction.SUSPEND && input.durationDays === undefined) {
      ctx.addIssue({ code: 'custom', path: ['durationDays'], message: daysMessage });
    }
    if (input.action !== ModerationAction.SUSPEND && input.durationDays !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['durationDays'], message: msg('DURATION_SUSPENSION_ONLY') });
    }
  });
export type ModerationActionInput = z.input<typeof ModerationActionInputSchema>;

/** Every action the audit log holds: moderation's and the organisations' check (issue 32). */
export const AuditAction = { ...ModerationAction, VERIFY_ORGANISATION: 'VERIFY_ORGANISATION', REQUEST_ORGANISATION_INFO: 'REQUEST_ORGANISATION_INFO' } as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const AuditActionSchema = z.enum(Object.values(AuditAction) as [AuditAction, ...AuditAction[]]);
export const AuditTargetType = { ...ReportTargetType, ORGANISATION: 'ORGANISATION' } as const;
export type AuditTargetType = (typeof AuditTargetType)[keyof typeof AuditTargetType];
export const AuditTargetTypeSchema = z.enum(Object.values(AuditTargetType) as [AuditTargetType, ...AuditTargetType[]]);

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  action: AuditActionSchema,
  targetType: AuditTargetTypeSchema,
  targetId: z.number().int(),
  reason: z.string(),
  /** For SUSPEND: when it ends (SUSPENDED_FOR_GOOD for good). */
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditEntryListSchema = z.array(AuditEntrySchema);

export const ModerationResultSchema = z.object({ message: z.string(), entry: AuditEntrySchema });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

/** What the queue shows of a target; `exists` false when it is gone (its id is all that is left). */
export const ModerationTargetSchema = z.object({
  type: ReportTargetTypeSchema,
  id: z.number().int(),
  exists: z.boolean(),
  /** The food's name, the need's food, or the person's name. */
  title: z.string(),
  /** Status of a listing, role of a person. */
  status: z.string(),
  /** The listing's owner (for a user: the user). */
  ownerId: z.number().int().nullable(),
  ownerName: z.string(),
  hidden: z.boolean(),
  /** A user's suspension end, or the listing owner's; null when not suspended. */
  suspendedUntil: z.string().nullable(),
});
export type ModerationTarget = z.infer<typeof ModerationTargetSchema>;

export const QueueReportSchema = ReportSchema.extend({ reporterId: z.number().int(), reporterName: z.string() });
export type QueueReport = z.infer<typeof QueueReportSchema>;

/** One target with open reports: the open ones, and its history (earlier reports and actions). */
export const ModerationQueueItemSchema = z.object({
  target: ModerationTargetSchema,
  openReports: z.array(QueueReportSchema),
  earlierReports: z.array(QueueReportSchema),
  actions: z.array(AuditEntrySchema),
  latestReportAt: z.string(),
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItemSchema>;
export const ModerationQueueSchema = z.array(ModerationQueueItemSchema);

/** The queue's page size: each target brings its history, so pages are small. */
export const MODERATION_QUEUE_PAGE_SIZE = 10;
/** `?page=`; the number of targets with open reports is in X-Total-Count. */
export const ModerationQueueQuerySchema = z.object({ page: PageQueryShape.page });
/** How much of a target's history the queue shows (newest first). */
export const MODERATION_HISTORY_MAX = 10;

export const BlockedUserSchema = z.object({ userId: z.number().int(), fullName: z.string(), blockedAt: z.string() });
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
export const BlockedUserListSchema = z.array(BlockedUserSchema);

const suspensionFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/**
 * What a suspended person is told when they try to sign in. The English carries the end as India
 * writes it; the server sends the ISO instant as `params.until` instead, for other languages.
 */
export function suspendedMessage(suspendedUntil: string): CodedMessage {
  if (suspendedUntil >= SUSPENDED_FOR_GOOD) return coded('ACCOUNT_SUSPENDED');
  return coded('ACCOUNT_SUSPENDED_UNTIL', { until: suspensionFormat.format(new Date(suspendedUntil)) });
}
