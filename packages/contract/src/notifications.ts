import { z } from 'zod';

/** What a notification is about (issue 14). */
export const NotificationKind = {
  REQUEST_RECEIVED: 'REQUEST_RECEIVED',
  REQUEST_ACCEPTED: 'REQUEST_ACCEPTED',
  REQUEST_REJECTED: 'REQUEST_REJECTED',
  REQUEST_CANCELLED: 'REQUEST_CANCELLED',
  DONATION_CANCELLED: 'DONATION_CANCELLED',
  DONATION_EXPIRED: 'DONATION_EXPIRED',
  PICKUP_COMPLETED: 'PICKUP_COMPLETED',
  PICKUP_REMINDER: 'PICKUP_REMINDER',
  REQUEST_WAITING: 'REQUEST_WAITING',
  /** New food inside one of the receiver's saved nearby-food alerts (packages/contract/src/alerts.ts). */
  NEARBY_DONATION: 'NEARBY_DONATION',
  ACCOUNT_SECURITY: 'ACCOUNT_SECURITY',
  /** An admin decided on a report the person filed (issue 16). */
  REPORT_OUTCOME: 'REPORT_OUTCOME',
  /** An admin hid a listing the person owns or had asked for (issue 16). */
  LISTING_HIDDEN: 'LISTING_HIDDEN',
} as const;
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(Object.values(NotificationKind) as [NotificationKind, ...NotificationKind[]]),
  title: z.string(),
  body: z.string(),
  /** A path inside the web app. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

const cursorMessage = 'The cursor is the nextCursor of an earlier page.';
const limitMessage = `The limit is a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}.`;
const fromQuery = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/** Newest first; `cursor` is the `nextCursor` of the page before (older notifications follow). */
export const NotificationsQuerySchema = z.object({
  cursor: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: cursorMessage })
      .regex(/^[1-9]\d{0,9}$/, cursorMessage)
      .transform(Number)
      .refine((value) => value <= 2_147_483_647, cursorMessage)
      .optional(),
  ),
  limit: z
    .preprocess(fromQuery, z.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(NOTIFICATIONS_PAGE_MAX, limitMessage).optional())
    .default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

const idsMessage = `Give the ids to mark read (1 to ${NOTIFICATIONS_PAGE_MAX}), or all: true.`;

/** `{ ids }` marks those of mine read; `{ all: true }` marks every one of mine read. */
export const MarkReadInputSchema = z
  .object({
    ids: z
      .array(z.number({ error: idsMessage }).int(idsMessage).positive(idsMessage).max(2_147_483_647, idsMessage), { error: idsMessage })
      .min(1, idsMessage)
      .max(NOTIFICATIONS_PAGE_MAX, idsMessage)
      .optional(),
    all: z.literal(true, { error: idsMessage }).optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), { message: idsMessage, path: ['ids'] });
export type MarkReadInput = z.input<typeof MarkReadInputSchema>;

/** How many of the caller's notifications the call marked read (already read ones do not count). */
export const MarkReadResultSchema = z.object({ marked: z.number().int() });

/** The SSE event name of a notification on `GET /api/events`; its data is a `Notification`. */
export const NOTIFICATION_EVENT = 'notification';
