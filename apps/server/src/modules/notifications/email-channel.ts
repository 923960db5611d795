import { ALWAYS_EMAILED_KINDS } from '@annadaan/contract/notification-preferences';
import type { FastifyInstance } from 'fastify';
import type { ChannelSender } from './channels';
import { composeNotificationEmail } from './email-content';
import { unsubscribeToken } from './unsubscribe-tokens';

/**
 * The email channel (decision 022). With SMTP_URL set the message goes through `app.mailer`
 * (plain text, HTML, RFC 8058 one-click unsubscribe headers); a permanent refusal of the address
 * is `skipped`, anything that may pass later throws so the queue retries. Without SMTP the
 * built-in notifier keeps it in the log (token masked) and the dev outbox, as reset codes are.
 * Whether it should go at all (preferences, quiet hours) is the policy's call, made before this.
 */
export function createEmailChannel(app: FastifyInstance): ChannelSender {
  return {
    channel: 'email',
    async deliver(notification, now) {
      const user = await app.db
        .selectFrom('users')
        .select(['email', 'contact_number', 'deactivated_at'])
        .where('id', '=', notification.userId)
        .executeTakeFirst();
      if (!user) return { status: 'skipped', reason: 'the account is gone' };
      if (user.deactivated_at !== null) return { status: 'skipped', reason: 'the account is deactivated' };

      const token = ALWAYS_EMAILED_KINDS.includes(notification.kind) ? null : await unsubscribeToken(app.db, notification.userId, notification.kind, now);
      const email = composeNotificationEmail(notification, app.config.publicBaseUrl, token);
      const secrets = token ? [token, encodeURIComponent(token)] : [];

      if (!app.mailer) {
        await app.notifier.send({ to: { email: user.email, contactNumber: user.contact_number }, subject: email.subject, text: email.text, secrets });
        return { status: 'sent' };
      }
      const result = await app.mailer.send({ to: user.email, ...email, secrets });
      return result.status === 'sent' ? { status: 'sent' } : { status: 'skipped', reason: result.reason };
    },
  };
}
