import { msg } from './coded-message';
import { z } from 'zod';

/** Web Push (issue 14): the server's VAPID public key and the browser's subscription. */

export const PushPublicKeySchema = z.object({
  /** The VAPID public key, base64url (the `applicationServerKey` for `pushManager.subscribe`). */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** How many subscriptions (browsers, phones) one person keeps; subscribing one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/** Longest endpoint kept; real push services use well under 1,000 characters. */
export const PUSH_ENDPOINT_MAX = 2048;

const endpointMessage = msg('PUSH_ENDPOINT_INVALID');
const p256dhMessage = 'p256dh is the subscription\'s public key: 65 bytes in base64url (from getKey("p256dh")).';
const authMessage = 'auth is the subscription\'s secret: 16 bytes in base64url (from getKey("auth")).';

/** Decoded length of a base64url string with no padding, or -1 when it is not base64url. */
function base64UrlBytes(value: string): number {
  const trimmed = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) return -1;
  return Math.floor((trimmed.length * 3) / 4);
}

export const PushEndpointSchema = z
  .string({ error: endpointMessage })
  .trim()
  .min(1, endpointMessage)
  .max(PUSH_ENDPOINT_MAX, msg('PUSH_ENDPOINT_TOO_LONG', { max: PUSH_ENDPOINT_MAX }))
  .refine((value) => URL.canParse(value), endpointMessage);

export const PushSubscriptionInputSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object(
    {
      p256dh: z.string({ error: p256dhMessage }).refine((value) => base64UrlBytes(value) === 65 && value.startsWith('B'), p256dhMessage),
      auth: z.string({ error: authMessage }).refine((value) => base64UrlBytes(value) === 16, authMessage),
    },
    { error: 'keys holds p256dh and auth, as PushSubscription.toJSON() gives them.' },
  ),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInputSchema>;

export const PushUnsubscribeInputSchema = z.object({ endpoint: PushEndpointSchema });
export type PushUnsubscribeInput = z.input<typeof PushUnsubscribeInputSchema>;

export const PushSubscribedSchema = z.object({ subscribed: z.literal(true) });
/** 1 when the caller's subscription was removed, 0 when the caller held none at that endpoint. */
export const PushUnsubscribedSchema = z.object({ removed: z.number().int() });

/**
 * What the service worker receives in a push message: never more than the notification centre
 * shows (no phone, address or pickup code).
 */
export const PushPayloadSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** The language title and body are in (the recipient's, issue 17), for the notification's `lang`. */
  lang: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
