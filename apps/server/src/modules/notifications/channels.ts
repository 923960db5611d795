import type { Language } from '@annadaan/contract/language';
import type { NotificationKind } from '@annadaan/contract/notifications';

/**
 * The channels a notification travels on besides the app itself (issue 14). In-app is the
 * notification row; each other channel gets one delivery job per notification, run by the job
 * queue with retries and backoff (modules/jobs).
 */
export const DELIVERY_CHANNELS = ['push', 'email', 'whatsapp', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** Queued with every notification, at once. WhatsApp and SMS follow later, only for people who chose them (messaging-delivery.ts). */
export const IMMEDIATE_CHANNELS = ['push', 'email'] as const;

/** What a channel is given: the stored notification, worded in its recipient's language. */
export interface DeliverableNotification {
  id: number;
  userId: number;
  kind: NotificationKind;
  /** The recipient's language (the account's, English when none), which title and body are in. */
  language: Language;
  title: string;
  body: string;
  /** A path inside the web app. */
  link: string;
  createdAt: string;
}

export type DeliveryOutcome =
  /** Handed to the push service or the mail server. */
  | { status: 'sent' }
  /**
   * Nothing to do: no subscription, no email, switched off. Not retried. `fallback`: the next
   * channel in line (SMS after WhatsApp) should try instead.
   */
  | { status: 'skipped'; reason: string; fallback?: boolean }
  /** Refused for good by the provider (an invalid number, a rejected template): not retried, shown to admins. */
  | { status: 'failed'; reason: string };

/**
 * One channel. `deliver` resolves once the notification is handed over (or there is nothing to
 * do) and throws for a failure worth retrying; the queue then runs it again later with backoff.
 * It may be called again for the same notification after a crash between sending and marking, so
 * a channel keeps repeats harmless where it can (at-least-once delivery).
 */
export interface ChannelSender {
  channel: DeliveryChannel;
  deliver(notification: DeliverableNotification, now: Date): Promise<DeliveryOutcome>;
}

/**
 * Whether a notification goes out on a channel now: the recipient's preferences and quiet hours.
 * `defer` holds it until the given time (quiet hours ending) without counting a failed attempt.
 */
export type DeliveryDecision = { action: 'deliver' } | { action: 'skip'; reason: string; fallback?: boolean } | { action: 'defer'; until: Date };
export type DeliveryPolicy = (notification: DeliverableNotification, channel: DeliveryChannel, now: Date) => Promise<DeliveryDecision>;
