import { z } from 'zod';
import { msg } from './coded-message';
import { OrganisationChoiceSchema } from './organisation-badge';

/*
 * Big surplus (issue 33; docs/decisions/053-portions-and-waitlist.md): a donation shared out in
 * portions among several receivers, a waitlist that hands freed portions on, and fair shares.
 * A donation without portions is one receiver's, exactly as before.
 */

/** The unit the donor counts portions in. */
export const PortionUnit = { PLATE: 'PLATE', PACKET: 'PACKET', BOX: 'BOX', KG: 'KG', LITRE: 'LITRE' } as const;
export type PortionUnit = (typeof PortionUnit)[keyof typeof PortionUnit];
export const PORTION_UNITS = [PortionUnit.PLATE, PortionUnit.PACKET, PortionUnit.BOX, PortionUnit.KG, PortionUnit.LITRE] as const;
export const PortionUnitSchema = z.enum(PORTION_UNITS, { error: msg('PORTION_UNIT_CHOOSE') });

/** How many portions one donation may have, and the longest hold for verified organisations. */
export const PORTION_LIMITS = { minTotal: 2, maxTotal: 1000, maxHoldMinutes: 120 } as const;

/**
 * The fair-share rules' defaults; the server's configuration may change them and says what they are
 * at `GET /api/portions/rules`, which the donation's page and the help page read.
 */
export const PORTION_RULE_DEFAULTS = {
  /** Portions one receiver account may take in any 24 hours. */
  dailyCap: 20,
  /** The same when the request is made for a verified organisation. */
  organisationDailyCap: 200,
  /** How long a waitlist offer waits for its answer. */
  offerMinutes: 10,
  /** How long an accepted receiver of portions has to collect them before they go to the next in line. */
  collectMinutes: 60,
} as const;

export const PortionRulesSchema = z.object({
  dailyCap: z.number().int(),
  organisationDailyCap: z.number().int(),
  offerMinutes: z.number().int(),
  collectMinutes: z.number().int(),
});
export type PortionRules = z.infer<typeof PortionRulesSchema>;

const whole = (code: 'PORTIONS_TOTAL_INVALID' | 'PORTIONS_MAX_INVALID' | 'PORTIONS_HOLD_INVALID' | 'PORTIONS_ASKED_INVALID') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
    z.number({ error: msg(code) }).int(msg(code)),
  );

/** The donate form's "Share in portions": how many, in what, the most one receiver may ask for, accept by itself. */
export const PortionsInputSchema = z
  .object({
    total: whole('PORTIONS_TOTAL_INVALID').pipe(
      z.number().min(PORTION_LIMITS.minTotal, msg('PORTIONS_TOTAL_INVALID')).max(PORTION_LIMITS.maxTotal, msg('PORTIONS_TOTAL_INVALID')),
    ),
    unit: PortionUnitSchema,
    maxPerRequest: z.preprocess((value) => (value === '' || value === null ? undefined : value), whole('PORTIONS_MAX_INVALID').optional()),
    autoAccept: z.boolean({ error: msg('PORTIONS_AUTO_ACCEPT_CHOOSE') }).default(false),
  })
  .superRefine((input, ctx) => {
    if (input.maxPerRequest !== undefined && (input.maxPerRequest < 1 || input.maxPerRequest > input.total)) {
      ctx.addIssue({ code: 'custom', path: ['maxPerRequest'], message: msg('PORTIONS_MAX_INVALID') });
    }
  })
  .transform((input) => ({ ...input, maxPerRequest: input.maxPerRequest ?? input.total }));
export type PortionsInput = z.output<typeof PortionsInputSchema>;

/** Minutes from listing during which only verified organisations may ask; 0 or left out is nobody held back. */
export const OrganisationsOnlyMinutesSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  whole('PORTIONS_HOLD_INVALID')
    .pipe(z.number().min(0, msg('PORTIONS_HOLD_INVALID')).max(PORTION_LIMITS.maxHoldMinutes, msg('PORTIONS_HOLD_INVALID')))
    .optional(),
);

/** What every reader of a donation in portions sees: what is left of what, and how the donor shares it. */
export const DonationPortionsSchema = z.object({
  total: z.number().int(),
  /** Not taken by an accepted request, a collection or an open waitlist offer. */
  left: z.number().int(),
  unit: PortionUnitSchema,
  maxPerRequest: z.number().int(),
  /** The donor accepts requests in arrival order by itself. */
  autoAccept: z.boolean(),
  /** People on the waitlist still waiting for portions. */
  waiting: z.number().int(),
});
export type DonationPortions = z.infer<typeof DonationPortionsSchema>;

/** A request's share of a donation in portions. */
export const RequestPortionsSchema = z.object({
  unit: PortionUnitSchema,
  asked: z.number().int(),
  /** What the donor accepted (maybe fewer than asked); null until accepted. */
  accepted: z.number().int().nullable(),
  /** What the donor recorded as collected (maybe fewer than accepted); null until collected. */
  collected: z.number().int().nullable(),
  /** An accepted request's portions go to the next in line if not collected by this time. */
  collectBy: z.string().nullable(),
});
export type RequestPortions = z.infer<typeof RequestPortionsSchema>;

/** Portions asked for with a request (1 when left out, which is all the earlier client can ask). */
export const PortionsAskedSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  whole('PORTIONS_ASKED_INVALID')
    .pipe(z.number().min(1, msg('PORTIONS_ASKED_INVALID')).max(PORTION_LIMITS.maxTotal, msg('PORTIONS_ASKED_INVALID')))
    .optional(),
);

/**
 * The donor's Accept: all that was asked when left out, or fewer. A POST without a body (every
 * earlier client's Accept) reaches the schema as null, which `default` alone would refuse.
 */
export const AcceptRequestInputSchema = z.preprocess(
  (value) => value ?? {},
  z.object({
    portions: PortionsAskedSchema,
  }),
);
export type AcceptRequestInput = z.input<typeof AcceptRequestInputSchema>;

export const WaitlistStatus = {
  WAITING: 'WAITING',
  OFFERED: 'OFFERED',
  TAKEN: 'TAKEN',
  PASSED: 'PASSED',
  LAPSED: 'LAPSED',
  LEFT: 'LEFT',
  ENDED: 'ENDED',
} as const;
export type WaitlistStatus = (typeof WaitlistStatus)[keyof typeof WaitlistStatus];
export const ACTIVE_WAITLIST_STATUSES = [WaitlistStatus.WAITING, WaitlistStatus.OFFERED] as const;
export const WaitlistStatusSchema = z.enum([
  WaitlistStatus.WAITING,
  WaitlistStatus.OFFERED,
  WaitlistStatus.TAKEN,
  WaitlistStatus.PASSED,
  WaitlistStatus.LAPSED,
  WaitlistStatus.LEFT,
  WaitlistStatus.ENDED,
]);

export const JoinWaitlistInputSchema = z.object({
  portions: PortionsAskedSchema,
  organisationId: OrganisationChoiceSchema,
});
export type JoinWaitlistInput = z.input<typeof JoinWaitlistInputSchema>;

/** The person's own place on one donation's waitlist. */
export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  donationId: z.number().int(),
  foodName: z.string(),
  unit: PortionUnitSchema,
  portions: z.number().int(),
  status: WaitlistStatusSchema,
  /** 1 for the first in line; null once no longer waiting. */
  position: z.number().int().nullable(),
  /** What is offered (maybe fewer than wanted) and until when; null without an open offer. */
  offeredPortions: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** The request a taken offer became. */
  requestId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const MyWaitlistEntrySchema = z.object({ entry: WaitlistEntrySchema.nullable() });
export type MyWaitlistEntry = z.infer<typeof MyWaitlistEntrySchema>;

/** "35 of 60 plates left": the words' parameters, for every screen that shows them. */
export function portionsLeftParams(portions: Pick<DonationPortions, 'left' | 'total' | 'unit'>) {
  return { left: portions.left, total: portions.total, unit: portions.unit };
}
