import { msg } from './coded-message';
import { z } from 'zod';

import { NotificationKind } from './notification-kinds';

export { NOTIFICATION_EVENT, NotificationKind } from './notification-kinds';

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

const cursorMessage = msg('CURSOR_INVALID');
const limitMessage = msg('LIMIT_RANGE', { max: NOTIFICATIONS_PAGE_MAX });
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

const idsMessage = msg('MARK_READ_IDS', { max: NOTIFICATIONS_PAGE_MAX });

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
