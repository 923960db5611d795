import { msg } from './coded-message';
import { z } from 'zod';
import { NotificationKind } from './notifications';

/**
 * Who hears what where (issue 14; decision 022). In-app is always on; push and email are chosen
 * per kind. The defaults, the kinds that pass quiet hours and the kinds a held alert would make
 * useless live here, so the server's policy and the settings screen read the same rules.
 */
export const PREFERENCE_CHANNELS = ['push', 'email'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

export const NOTIFICATION_KINDS = Object.values(NotificationKind) as [NotificationKind, ...NotificationKind[]];

/** How each kind is named on the settings screen and in an email's unsubscribe line. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  REQUEST_RECEIVED: { label: 'New requests for my food', description: 'A receiver asks for one of your donations.' },
  REQUEST_WAITING: { label: 'Requests still waiting', description: 'A request has waited 15 minutes for your answer.' },
  REQUEST_CANCELLED: { label: 'Withdrawn requests', description: 'A receiver withdraws a request for your food.' },
  REQUEST_ACCEPTED: { label: 'Accepted requests', description: 'A donor accepts your request; your pickup code is ready.' },
  REQUEST_REJECTED: { label: 'Declined requests', description: 'A donor declines your request.' },
  PICKUP_REMINDER: { label: 'Pickup reminders', description: 'An accepted pickup is 30 minutes from the food’s expiry.' },
  DONATION_CANCELLED: { label: 'Withdrawn donations', description: 'Food you asked for is withdrawn by its donor.' },
  DONATION_EXPIRED: { label: 'Expired donations', description: 'Food you asked for expired before pickup.' },
  PICKUP_COMPLETED: { label: 'Completed pickups', description: 'A pickup is confirmed; time to rate each other.' },
  NEARBY_DONATION: { label: 'Food near me', description: 'New food matches one of your saved alerts.' },
  ACCOUNT_SECURITY: { label: 'Account security', description: 'Your password or phone changed, or a reset was asked for.' },
  REPORT_OUTCOME: { label: 'Outcome of my reports', description: 'An admin decided on something you reported.' },
  LISTING_HIDDEN: { label: 'Hidden listings', description: 'An admin hid your listing, or food you asked for.' },
  RUN_AVAILABLE: { label: 'Deliveries near me', description: 'Food near your volunteer area needs someone to carry it.' },
  RUN_UPDATE: { label: 'Delivery of my food', description: 'A volunteer takes, picks up or gives back the delivery of food you give or receive.' },
  VOLUNTEERING: { label: 'My volunteering', description: 'Your volunteer application is decided, or a delivery you took changes.' },
  ORGANISATION: { label: 'Organisations', description: 'An invitation to an organisation, or the admins’ check of yours.' },
  WAITLIST: { label: 'Waitlists', description: 'Portions of food you wait for are yours to take, for a few minutes.' },
};

export const ChannelChoiceSchema = z.object({
  push: z.boolean({ error: msg('ON_OR_OFF') }),
  email: z.boolean({ error: msg('ON_OR_OFF') }),
});
export type ChannelChoice = z.infer<typeof ChannelChoiceSchema>;

/**
 * Email by default for what someone must act on or would miss; push (which the person turns on
 * per device) for every kind. Withdrawn requests, completed pickups, waiting nudges and nearby
 * food stay off email unless asked for: the in-app notice and push cover them without filling an
 * inbox.
 */
export const DEFAULT_CHANNELS: Record<NotificationKind, ChannelChoice> = {
  REQUEST_RECEIVED: { push: true, email: true },
  REQUEST_WAITING: { push: true, email: false },
  REQUEST_CANCELLED: { push: true, email: false },
  REQUEST_ACCEPTED: { push: true, email: true },
  REQUEST_REJECTED: { push: true, email: true },
  PICKUP_REMINDER: { push: true, email: true },
  DONATION_CANCELLED: { push: true, email: true },
  DONATION_EXPIRED: { push: true, email: true },
  PICKUP_COMPLETED: { push: true, email: false },
  NEARBY_DONATION: { push: true, email: false },
  ACCOUNT_SECURITY: { push: true, email: true },
  REPORT_OUTCOME: { push: true, email: true },
  LISTING_HIDDEN: { push: true, email: true },
  RUN_AVAILABLE: { push: true, email: false },
  RUN_UPDATE: { push: true, email: true },
  VOLUNTEERING: { push: true, email: true },
  ORGANISATION: { push: true, email: true },
  WAITLIST: { push: true, email: true },
};

/** Security mail is how an owner learns someone else changed their account: it cannot be switched off. */
export const ALWAYS_EMAILED_KINDS: readonly NotificationKind[] = [NotificationKind.ACCOUNT_SECURITY];
export const SECURITY_EMAIL_REQUIRED = msg('SECURITY_EMAIL_REQUIRED');

/** Handover events: someone is on their way or must act now, so they go through quiet hours. */
export const QUIET_HOURS_EXEMPT_KINDS: readonly NotificationKind[] = [
  NotificationKind.REQUEST_ACCEPTED,
  NotificationKind.PICKUP_REMINDER,
  NotificationKind.PICKUP_COMPLETED,
  NotificationKind.DONATION_CANCELLED,
  NotificationKind.DONATION_EXPIRED,
  NotificationKind.ACCOUNT_SECURITY,
  // Someone may be on their way to food an admin just took down as unsafe.
  NotificationKind.LISTING_HIDDEN,
  // Someone is carrying the food, or nobody is and the receiver must go themselves.
  NotificationKind.RUN_UPDATE,
];

/**
 * Held until morning these are no use (cooked food lives four hours; a "still waiting" nudge is
 * covered by the held request itself), so during quiet hours they are not pushed or emailed at
 * all. The in-app notification is still there.
 */
export const DROPPED_IN_QUIET_HOURS_KINDS: readonly NotificationKind[] = [
  NotificationKind.NEARBY_DONATION,
  NotificationKind.REQUEST_WAITING,
  // A run offered at night is taken by someone awake or falls back to self-pickup by morning.
  NotificationKind.RUN_AVAILABLE,
  // A waitlist offer lasts minutes: by morning it has gone to the next person.
  NotificationKind.WAITLIST,
];

export const DEFAULT_QUIET_HOURS = { enabled: true, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' } as const;

const timeMessage = msg('TIME_OF_DAY_INVALID');
const timeOfDay = z.string({ error: timeMessage }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, timeMessage);
const timeZoneMessage = msg('TIME_ZONE_CHOOSE');

/** True when the runtime knows the IANA time zone name. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const QuietHoursSchema = z
  .object({
    enabled: z.boolean({ error: msg('ON_OR_OFF') }),
    start: timeOfDay,
    end: timeOfDay,
    timeZone: z.string({ error: timeZoneMessage }).refine(isTimeZone, timeZoneMessage),
  })
  .refine((hours) => hours.start !== hours.end, { message: msg('QUIET_HOURS_SAME'), path: ['end'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

export const NotificationPreferencesSchema = z.object({
  kinds: z.record(z.enum(NOTIFICATION_KINDS), ChannelChoiceSchema),
  quietHours: QuietHoursSchema,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Sets what it names: kinds left out and quiet hours left out stay as they were. */
export const UpdateNotificationPreferencesInputSchema = z
  .object({
    kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: msg('NOTIFICATION_KIND_UNKNOWN') }), ChannelChoiceSchema).optional(),
    quietHours: QuietHoursSchema.optional(),
  })
  .superRefine((input, ctx) => {
    for (const kind of ALWAYS_EMAILED_KINDS) {
      if (input.kinds?.[kind]?.email === false) ctx.addIssue({ code: 'custom', message: SECURITY_EMAIL_REQUIRED, path: ['kinds', kind, 'email'] });
    }
  });
export type UpdateNotificationPreferencesInput = z.input<typeof UpdateNotificationPreferencesInputSchema>;

export const UNSUBSCRIBE_LINK_INVALID = msg('UNSUBSCRIBE_LINK_INVALID');

/** `<user id>.<kind>.<signature>`; what the signature is made of is the server's business. */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_LINK_INVALID })
    .max(200, UNSUBSCRIBE_LINK_INVALID)
    .regex(/^[1-9]\d{0,9}\.[A-Z_]{1,40}\.[A-Za-z0-9_-]{20,100}$/, UNSUBSCRIBE_LINK_INVALID),
});

/** What a valid link would switch off (GET, which changes nothing) or switched off (POST). */
export const UnsubscribeResultSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  /** Whether email for this kind is now on (always false after the POST). */
  email: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
