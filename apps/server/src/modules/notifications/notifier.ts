import type { FastifyBaseLogger } from 'fastify';

/** One message to one person. Adapters (SMS, email) decide which address they use. */
export interface Notification {
  to: { email: string; contactNumber: string };
  subject: string;
  text: string;
  /** Values inside `text` that must never reach a log line, such as a reset code. */
  secrets: string[];
  /** Set for a WhatsApp or SMS message kept because its provider is not configured, with its template. */
  channel?: 'whatsapp' | 'sms';
  template?: string;
}

export interface Notifier {
  send(notification: Notification): Promise<void>;
}

export interface OutboxMessage {
  email: string;
  contactNumber: string;
  subject: string;
  text: string;
  sentAt: string;
  /** email, or the WhatsApp/SMS channel the message would have gone on, with its template. */
  channel: 'email' | 'whatsapp' | 'sms';
  template: string | null;
}

/** A notifier that also keeps what it sent, for the dev outbox. */
export interface OutboxNotifier extends Notifier {
  messages(): OutboxMessage[];
}

export function isOutboxNotifier(notifier: Notifier): notifier is OutboxNotifier {
  return typeof (notifier as Partial<OutboxNotifier>).messages === 'function';
}

/** Only the most recent messages are kept, so a long-running demo does not grow without bound. */
export const OUTBOX_CAPACITY = 200;

/**
 * The built-in notifier when no SMTP server is configured (and until an SMS adapter exists): writes
 * each message to the log with its secrets masked and keeps it in memory for `GET /api/dev/outbox`.
 * With SMTP_URL set, email-transport.ts's mail notifier takes its place.
 */
export function createLogOutboxNotifier(log: FastifyBaseLogger, now: () => Date, capacity = OUTBOX_CAPACITY): OutboxNotifier {
  const outbox: OutboxMessage[] = [];
  return {
    async send(notification) {
      const to = notification.channel ? maskPhone(notification.to.contactNumber) : maskEmail(notification.to.email);
      log.info({ notification: { to, subject: notification.subject, text: mask(notification.text, notification.secrets) } }, 'notification sent');
      outbox.push({
        email: notification.to.email,
        contactNumber: notification.to.contactNumber,
        subject: notification.subject,
        text: notification.text,
        sentAt: now().toISOString(),
        channel: notification.channel ?? 'email',
        template: notification.template ?? null,
      });
      if (outbox.length > capacity) outbox.splice(0, outbox.length - capacity);
    },
    messages: () => outbox.map((message) => ({ ...message })),
  };
}

export function mask(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.replaceAll(secret, '•'.repeat(secret.length)), text);
}

/** Enough of a number to tell messages apart in a log, not enough to call it. */
function maskPhone(phone: string): string {
  return `••••••${phone.replace(/\D/g, '').slice(-4)}`;
}

/** Enough of the address to tell messages apart in a log, not enough to read it. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}
