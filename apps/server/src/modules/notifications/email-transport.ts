import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { type Notifier, mask, maskEmail } from './notifier';

/** One email to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Stable per notification, so a repeat after a crash is the same message to mail clients. */
  messageId?: string;
  /** Values in the text that must never reach a log line (a reset code, an unsubscribe token). */
  secrets: string[];
}

export type MailResult = { status: 'sent' } | { status: 'refused'; reason: string };

/**
 * Sends email. Resolves `refused` when the server rejects the address or message for good (a 5xx
 * to RCPT TO or DATA): sending again would get the same answer. Throws `MailNotSentYet` for
 * anything that may pass later (4xx, connection trouble, timeouts), so the queue retries.
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** A failure worth retrying. Its message names the SMTP step and code only, never the address. */
export class MailNotSentYet extends Error {
  constructor(
    readonly smtpCode: string,
    readonly responseCode: number | undefined,
  ) {
    super(`The mail server did not take the message yet (${smtpCode}${responseCode ? ` ${responseCode}` : ''}).`);
    this.name = 'MailNotSentYet';
  }
}

function isNodemailerError(error: unknown): error is NodemailerError {
  return error instanceof Error && ('responseCode' in error || 'code' in error);
}

/** nodemailer over SMTP_URL. Its own logger stays off: it would print addresses and message bodies. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }, log: FastifyBaseLogger): Mailer {
  // nodemailer (29 MiB once loaded) comes with the first email, not at start (decision 047).
  let transport: Promise<Transporter> | null = null;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options.smtpUrl, { from: options.from })));
  return {
    async send(message) {
      const sender = await transportNow();
      try {
        await sender.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
      } catch (error) {
        if (!isNodemailerError(error)) throw error;
        const code = error.code ?? 'ERROR';
        const rejectedForGood = error.permanent === true && (code === 'EENVELOPE' || code === 'EMESSAGE');
        if (rejectedForGood) {
          const reason = `the mail server refused ${error.command === 'DATA' ? 'the message' : 'the address'} (${error.responseCode ?? code})`;
          log.warn({ mail: { to: maskEmail(message.to), subject: message.subject, responseCode: error.responseCode } }, 'email refused');
          return { status: 'refused', reason };
        }
        throw new MailNotSentYet(code, error.responseCode);
      }
      log.info({ mail: { to: maskEmail(message.to), subject: mask(message.subject, message.secrets) } }, 'email sent');
      return { status: 'sent' };
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/**
 * The notifier (reset codes, phone-change notices) when SMTP is configured: each message goes as
 * plain-text email to the account's address. It is sent in the background and `send` resolves at
 * once: a reset request must take as long for an unknown address as for a known one, and must not
 * fail for one and not the other when the mail server is down. A failure is logged without the
 * text; reset codes are not queued for retry (a queued job would hold the code), the person asks
 * again. `settle()` waits for what is in flight (closing the app, tests).
 */
export function createMailNotifier(mailer: Mailer, log: FastifyBaseLogger): Notifier & { settle(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  return {
    async send(notification) {
      const sending = mailer
        .send({ to: notification.to.email, subject: notification.subject, text: notification.text, secrets: notification.secrets })
        .then(
          (result) => {
            if (result.status === 'refused') log.warn({ mail: { to: maskEmail(notification.to.email), reason: result.reason } }, 'message not sent');
          },
          (error: unknown) => {
            log.error({ mail: { to: maskEmail(notification.to.email), error: error instanceof Error ? error.message : 'unknown' } }, 'message not sent');
          },
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async settle() {
      await Promise.all([...inFlight]);
    },
  };
}
