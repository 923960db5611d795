import { z } from 'zod';
import { msg } from './coded-message';
import { NotificationKind } from './notifications';

/**
 * WhatsApp and SMS (issue 31; decision 049): two more channels of a notification, sent only to a
 * verified Indian mobile number and only with the person's consent, given per channel and per
 * group of kinds. Handover messages (and the account's own notices) are on once the number is
 * verified and the channel is switched on; "food near you" alerts need their own opt-in.
 */
export const MESSAGING_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];

export const KIND_GROUPS = ['handover', 'alerts'] as const;
export type KindGroup = (typeof KIND_GROUPS)[number];

/** Alerts are the nearby-food notices; everything else is about the person's own food, requests or account. */
export function kindGroupOf(kind: NotificationKind): KindGroup {
  return kind === NotificationKind.NEARBY_DONATION || kind === NotificationKind.RUN_AVAILABLE ? 'alerts' : 'handover';
}

/** How a consent was given or taken back: on the settings page, or by a STOP/START reply. */
export const CONSENT_SOURCES = ['settings', 'reply'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const ConsentEntrySchema = z.object({
  on: z.boolean(),
  /** When it was last given or taken back; null when never set (then it is off). */
  changedAt: z.string().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
});
export type ConsentEntry = z.infer<typeof ConsentEntrySchema>;

const groupConsent = z.object({ handover: ConsentEntrySchema, alerts: ConsentEntrySchema });

/** The caller's phone, whether it is verified, and what may go to it. */
export const MessagingSettingsSchema = z.object({
  /** The 10 national digits, as the profile shows them. */
  phone: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  consent: z.object({ whatsapp: groupConsent, sms: groupConsent }),
  /** Whether the server can send on each channel at all (credentials set, or the dev outbox). */
  available: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
});
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

const switchSchema = z.boolean({ error: msg('ON_OR_OFF') });
const groupSwitches = z.object({ handover: switchSchema.optional(), alerts: switchSchema.optional() });

/** Sets what it names; the rest stays. */
export const UpdateConsentInputSchema = z.object({
  whatsapp: groupSwitches.optional(),
  sms: groupSwitches.optional(),
});
export type UpdateConsentInput = z.input<typeof UpdateConsentInputSchema>;

const codeMessage = msg('PHONE_CODE_NEEDED');
export const ConfirmPhoneInputSchema = z.object({
  code: z
    .string({ error: codeMessage })
    .trim()
    .regex(/^\d{6}$/, codeMessage),
});
export type ConfirmPhoneInput = z.input<typeof ConfirmPhoneInputSchema>;

/** How long a phone verification code stays valid, and how many wrong tries it takes. */
export const PHONE_CODE_LIFETIME_MINUTES = 10;
export const PHONE_CODE_MAX_TRIES = 5;

/**
 * A WhatsApp or SMS message a provider refused for good (not retried), as admins see it: the
 * number only by its last 4 digits, the provider's reason in its own words.
 */
export const MessagingRefusalSchema = z.object({
  id: z.number(),
  channel: z.enum(MESSAGING_CHANNELS),
  template: z.string(),
  toEnding: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type MessagingRefusal = z.infer<typeof MessagingRefusalSchema>;

/** One page of refusals, newest first; the total is in X-Total-Count. */
export const MessagingRefusalListSchema = z.object({ failures: z.array(MessagingRefusalSchema) });
export type MessagingRefusalList = z.infer<typeof MessagingRefusalListSchema>;

/**
 * Each channel's messages counted against its daily cap (decision 049): the count runs over 24
 * hours from the first message of the window, and beyond the cap only handover and account
 * messages go out, so `used` can pass `cap`. `reached` is what admins are alerted to.
 */
export const MessagingUsageSchema = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(MESSAGING_CHANNELS),
      used: z.number(),
      cap: z.number(),
      reached: z.boolean(),
      /** When the current window ends and the count starts again; null when nothing was counted in the last day. */
      resetsAt: z.string().nullable(),
    }),
  ),
});
export type MessagingUsage = z.infer<typeof MessagingUsageSchema>;
