import crypto from 'node:crypto';
import { LANGUAGES, type Language } from '@annadaan/contract/language';
import { type MessagingChannel, kindGroupOf } from '@annadaan/contract/messaging';
import { NotificationKind } from '@annadaan/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { appSecret } from '../../lib/app-secrets';
import { DAY } from '../../lib/clock';
import { recordHit } from '../../plugins/rate-limit';
import type { NewJob } from '../jobs/job-queue';
import type { JobContext } from '../jobs/job-runner';
import type { ChannelSender, DeliverableNotification, DeliveryDecision } from './channels';
import { DELIVERY_JOB, deliveryJobKey } from './deliveries';
import { recipientLanguage } from './messages/messages';
import { ProviderRefused, type SmsProvider, type WhatsAppProvider, createMsg91Provider, createWhatsAppProvider, maskPhone } from './messaging-providers';
import { claimSend, consentOn, dailyCapKey, consentingPeople, issueReplyToken, markSend, sendByKey } from './messaging-repository';
import { type TemplateKey, type TemplateValues, missingTemplates, renderSms, renderWhatsApp, shortLinkFor, shortUrl } from './messaging-templates';
import { isOutboxNotifier } from './notifier';

type Db = Kysely<Database>;

/** Only Indian mobile numbers are ever sent to. */
const INDIAN_MOBILE = /^\+91[6-9]\d{9}$/;

export interface OutgoingMessage {
  channel: MessagingChannel;
  key: TemplateKey;
  language: Language;
  /** +91 and ten digits. */
  to: string;
  values: TemplateValues;
  buttonPayloads?: readonly string[];
  /** Stable across retries of the same message. */
  idempotencyKey: string;
  userId: number | null;
  notificationId: number | null;
  /** Counted once, when the message is new; a reason refuses it (a limit reached). */
  admit?: () => Promise<string | null>;
}

export type SendResult = { status: 'sent' } | { status: 'refused'; reason: string } | { status: 'limited'; reason: string };

export interface Messaging {
  /** The providers, null where their credentials are unset (then messages go to the dev outbox). */
  providers: { whatsapp: WhatsAppProvider | null; sms: SmsProvider | null };
  send(message: OutgoingMessage, now: Date): Promise<SendResult>;
  /**
   * A password reset code by SMS to the account's verified number, in the background: the reset
   * request answers at once whether or not the account has one (no timing tells them apart).
   */
  sendResetCode(userId: number, code: string, now: Date): void;
  /** Waits for background sends (tests, and closing). */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

/** The job of a message that is not a notification: a STOP/START confirmation, the answer to a button. */
export const SYSTEM_MESSAGE_JOB = 'messaging-system-message';
const SystemPayloadSchema = z.object({
  userId: z.number().int().positive(),
  channel: z.enum(['whatsapp', 'sms']),
  key: z.string(),
  values: z.record(z.string(), z.string()),
});

export function systemMessageJob(userId: number, channel: MessagingChannel, key: TemplateKey, values: TemplateValues, now: Date): NewJob {
  return { kind: SYSTEM_MESSAGE_JOB, payload: { userId, channel, key, values }, runAt: now };
}

/**
 * The WhatsApp or SMS job of each notification whose recipient verified a number and switched a
 * channel on for its group: WhatsApp when on, else SMS. They run at once and wait in the policy
 * until the notification has been unread for MESSAGING_WAIT_SECONDS (decision 049).
 */
export async function messagingJobsFor(trx: Db, notifications: { id: number; userId: number; kind: NotificationKind }[], now: Date): Promise<NewJob[]> {
  const consents = await consentingPeople(trx, [...new Set(notifications.map((notification) => notification.userId))]);
  if (consents.length === 0) return [];
  return notifications.flatMap((notification) => {
    const group = kindGroupOf(notification.kind);
    const on = (channel: MessagingChannel) =>
      consents.some((row) => Number(row.user_id) === notification.userId && row.channel === channel && row.kind_group === group);
    const channel = on('whatsapp') ? 'whatsapp' : on('sms') ? 'sms' : null;
    return channel
      ? [{ kind: DELIVERY_JOB, payload: { notificationId: notification.id, channel }, runAt: now, key: deliveryJobKey(notification.id, channel) }]
      : [];
  });
}

/**
 * The messaging part of the delivery policy: nothing paid for a notice already read in the app;
 * held until it has been unread for the configured wait; only with the person's consent (a
 * WhatsApp that is off hands over to SMS).
 */
export async function messagingDecision(
  app: FastifyInstance,
  notification: DeliverableNotification,
  channel: MessagingChannel,
  now: Date,
): Promise<DeliveryDecision | null> {
  const row = await app.db.selectFrom('notifications').select('read_at').where('id', '=', notification.id).executeTakeFirst();
  if (!row || row.read_at !== null) return { action: 'skip', reason: 'seen in the app' };
  const due = new Date(new Date(notification.createdAt).getTime() + app.config.messagingWaitMs);
  if (due.getTime() > now.getTime()) return { action: 'defer', until: due };
  if (!(await consentOn(app.db, notification.userId, channel, kindGroupOf(notification.kind)))) {
    return { action: 'skip', reason: `${channel} is off for ${kindGroupOf(notification.kind)}`, fallback: true };
  }
  return null;
}

export function registerMessaging(app: FastifyInstance): void {
  const { config } = app;
  const providers = {
    whatsapp: config.whatsapp ? createWhatsAppProvider(config.whatsapp) : null,
    sms: config.sms ? createMsg91Provider(config.sms) : null,
  };
  for (const channel of ['whatsapp', 'sms'] as const) {
    // A kind without an approved template would be dropped by the provider: refuse to start instead.
    if (!providers[channel]) continue;
    const missing = missingTemplates(
      channel,
      LANGUAGES.map((language) => language.code),
    );
    if (missing.length > 0) throw new Error(`${channel} is on but has no template for: ${missing.join(', ')}`);
  }

  const toOutbox = async (message: OutgoingMessage, template: string, text: string) => {
    // Codes in the text stay out of the log line (the notifier masks what it is told is secret).
    const secrets = message.values.code ? [message.values.code] : [];
    if (isOutboxNotifier(app.notifier)) {
      await app.notifier.send({
        to: { email: '', contactNumber: message.to },
        subject: `${message.channel}: ${template}`,
        text,
        secrets,
        channel: message.channel,
        template,
      });
    } else {
      app.log.info({ message: { channel: message.channel, template, to: maskPhone(message.to) } }, 'message kept (no provider configured)');
    }
    return `outbox-${message.idempotencyKey}`;
  };

  // Keys reach the provider prefixed by this database's own id: another database (a restore, a
  // staging copy) numbers its notifications from 1 too, and must not look like a repeat.
  let installation: string | undefined;
  const providerKey = async (key: string, now: Date) => {
    installation ??= (await appSecret(app.db, 'messaging-installation', now)).subarray(0, 8).toString('hex');
    return `${installation}:${key}`;
  };

  const send = async (message: OutgoingMessage, now: Date): Promise<SendResult> => {
    if (!INDIAN_MOBILE.test(message.to)) return { status: 'refused', reason: 'not an Indian mobile number' };
    const rendered =
      message.channel === 'sms' ? renderSms(message.key, message.language, message.values) : renderWhatsApp(message.key, message.language, message.values);
    if (!rendered) return { status: 'refused', reason: `no ${message.channel} template for ${message.key}` };
    const template = 'templateId' in rendered ? rendered.templateId : rendered.name;
    const fresh = await claimSend(
      app.db,
      {
        key: message.idempotencyKey,
        userId: message.userId,
        notificationId: message.notificationId,
        channel: message.channel,
        template,
        toEnding: message.to.slice(-4),
      },
      now,
    );
    if (fresh && message.admit) {
      const refusal = await message.admit();
      if (refusal) {
        await markSend(app.db, message.idempotencyKey, 'refused', null, refusal, now);
        return { status: 'limited', reason: refusal };
      }
    }
    if (!fresh) {
      const earlier = await sendByKey(app.db, message.idempotencyKey);
      if (earlier?.status === 'refused') return { status: 'limited', reason: earlier.detail ?? 'refused' };
      if (earlier?.status === 'failed') return { status: 'refused', reason: earlier.detail ?? 'refused by the provider' };
      // Sent already: a repeat of a job that died between sending and finishing.
      if (earlier && earlier.status !== 'sending') return { status: 'sent' };
      // 'sending': a crash between the provider's answer and the mark; sent again under the same key.
    }
    const log = app.log.child({ message: { channel: message.channel, template, to: maskPhone(message.to) } });
    const idempotencyKey = await providerKey(message.idempotencyKey, now);
    try {
      let providerId: string;
      if (message.channel === 'sms') {
        const sms = renderSms(message.key, message.language, message.values);
        providerId =
          providers.sms && sms
            ? (await providers.sms.send({ to: message.to, sms, idempotencyKey })).providerId
            : await toOutbox(message, template, sms?.text ?? '');
      } else {
        const whatsapp = renderWhatsApp(message.key, message.language, message.values);
        providerId =
          providers.whatsapp && whatsapp
            ? (await providers.whatsapp.send({ to: message.to, template: whatsapp, buttonPayloads: message.buttonPayloads ?? [], idempotencyKey })).providerId
            : await toOutbox(message, template, whatsapp?.body ?? '');
      }
      await markSend(app.db, message.idempotencyKey, 'sent', providerId, null, now);
      log.info('message sent');
      return { status: 'sent' };
    } catch (error) {
      if (error instanceof ProviderRefused) {
        await markSend(app.db, message.idempotencyKey, 'failed', null, error.message, now);
        log.warn({ reason: error.message }, 'message refused by the provider; not retried');
        return { status: 'refused', reason: error.message };
      }
      throw error;
    }
  };

  const background = new Set<Promise<unknown>>();
  const sendResetCode = (userId: number, code: string, now: Date) => {
    const task = (async () => {
      const person = await app.db.selectFrom('users').select(['contact_number', 'phone_verified_at', 'language']).where('id', '=', userId).executeTakeFirst();
      if (!person || person.phone_verified_at === null) return;
      await send(
        {
          channel: 'sms',
          key: 'RESET_CODE',
          language: recipientLanguage(person.language),
          to: person.contact_number,
          values: { code },
          idempotencyKey: `reset-code:${crypto.randomUUID()}`,
          userId,
          notificationId: null,
        },
        now,
      );
    })()
      // A failure is logged without the code; the person asks again (a code is never queued).
      .catch((error: unknown) => app.log.warn({ err: error }, 'reset code not sent by SMS'))
      .finally(() => background.delete(task));
    background.add(task);
  };
  const settle = async () => {
    await Promise.all([...background]);
  };
  app.addHook('onClose', settle);

  app.decorate('messaging', { providers, send, sendResetCode, settle });

  app.jobs.handle(SYSTEM_MESSAGE_JOB, async (payload, context: JobContext) => {
    const parsed = SystemPayloadSchema.parse(payload);
    const person = await app.db
      .selectFrom('users')
      .select(['contact_number', 'phone_verified_at', 'language'])
      .where('id', '=', parsed.userId)
      .executeTakeFirst();
    if (!person || person.phone_verified_at === null) return;
    await app.messaging.send(
      {
        channel: parsed.channel,
        key: parsed.key as TemplateKey,
        language: recipientLanguage(person.language),
        to: person.contact_number,
        values: parsed.values,
        idempotencyKey: `system:${context.jobId}`,
        userId: parsed.userId,
        notificationId: null,
      },
      context.now,
    );
  });
}

/** How many messages a person and a channel may have had in the last day, counted before sending. */
function admission(app: FastifyInstance, userId: number, channel: MessagingChannel, kind: NotificationKind, now: Date) {
  return async (): Promise<string | null> => {
    const person = await recordHit(app.db, now, `messages-person:${userId}`, DAY);
    if (person.count > app.config.messagesPerPersonPerDay) return `daily limit of ${app.config.messagesPerPersonPerDay} messages for this person reached`;
    const all = await recordHit(app.db, now, dailyCapKey(channel), DAY);
    const cap = app.config.dailyCaps[channel];
    if (all.count === cap + 1)
      app.log.warn({ channel, cap }, 'the daily message cap is reached: only handover and account messages go out until the day is over');
    if (all.count > cap && kindGroupOf(kind) === 'alerts') return `daily ${channel} cap of ${cap} reached`;
    return null;
  };
}

/** The values a notification's message carries: its food, its title, a short link, and (REQUEST_ACCEPTED only) the code. */
async function notificationValues(
  app: FastifyInstance,
  notification: DeliverableNotification,
): Promise<{ values: TemplateValues; requestId: number | null } | { skip: string }> {
  const row = await app.db.selectFrom('notifications').select(['request_id', 'message']).where('id', '=', notification.id).executeTakeFirst();
  if (!row) return { skip: 'the notification is gone' };
  let food = '';
  try {
    const params = (JSON.parse(row.message ?? '{}') as { body?: { params?: Record<string, unknown> } }).body?.params ?? {};
    if (typeof params.food === 'string') food = params.food;
  } catch {
    food = '';
  }
  const requestId = row.request_id === null ? null : Number(row.request_id);
  const values: TemplateValues = {
    food: food || notification.title,
    subject: notification.title,
    link: shortUrl(app.config.publicBaseUrl, shortLinkFor(notification.link)),
  };
  if (notification.kind === NotificationKind.REQUEST_ACCEPTED) {
    // The code is read now, for this receiver alone: a request that is no longer awaiting pickup has none to tell.
    const request =
      requestId === null
        ? undefined
        : await app.db
            .selectFrom('donation_requests')
            .select('pickup_code')
            .where('id', '=', requestId)
            .where('receiver_id', '=', notification.userId)
            .where('status', '=', 'AWAITING_PICKUP')
            .executeTakeFirst();
    if (!request?.pickup_code) return { skip: 'the pickup is no longer awaited' };
    values.code = request.pickup_code;
  }
  return { values, requestId };
}

/** The WhatsApp and SMS channels of the notification path (decision 049). */
export function createMessagingChannels(app: FastifyInstance): ChannelSender[] {
  const sender = (channel: MessagingChannel): ChannelSender => ({
    channel,
    async deliver(notification, now) {
      const person = await app.db
        .selectFrom('users')
        .select(['contact_number', 'phone_verified_at', 'deactivated_at'])
        .where('id', '=', notification.userId)
        .executeTakeFirst();
      if (!person) return { status: 'skipped', reason: 'the account is gone' };
      if (person.deactivated_at !== null) return { status: 'skipped', reason: 'the account is deactivated' };
      // An unverified number gets nothing but its verification code.
      if (person.phone_verified_at === null) return { status: 'skipped', reason: 'the phone number is not verified' };
      const found = await notificationValues(app, notification);
      if ('skip' in found) return { status: 'skipped', reason: found.skip };

      let buttonPayloads: string[] = [];
      if (channel === 'whatsapp' && notification.kind === NotificationKind.REQUEST_RECEIVED && found.requestId !== null) {
        const request = await app.db
          .selectFrom('donation_requests')
          .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
          .select(['donation_requests.status', 'donations.donor_id', 'donations.expires_at'])
          .where('donation_requests.id', '=', found.requestId)
          .executeTakeFirst();
        if (!request || request.status !== 'PENDING' || Number(request.donor_id) !== notification.userId)
          return { status: 'skipped', reason: 'the request is no longer waiting' };
        // Fresh until the food expires: a later tap finds nothing to act on.
        const expiresAt = new Date(request.expires_at);
        buttonPayloads = [
          await issueReplyToken(app.db, found.requestId, notification.userId, 'accept', expiresAt, now),
          await issueReplyToken(app.db, found.requestId, notification.userId, 'decline', expiresAt, now),
        ];
      }

      const result = await app.messaging.send(
        {
          channel,
          key: notification.kind,
          language: notification.language,
          to: person.contact_number,
          values: found.values,
          buttonPayloads,
          idempotencyKey: `notification:${notification.id}:${channel}`,
          userId: notification.userId,
          notificationId: notification.id,
          admit: admission(app, notification.userId, channel, notification.kind, now),
        },
        now,
      );
      if (result.status === 'sent') return { status: 'sent' };
      if (result.status === 'limited') return { status: 'skipped', reason: result.reason };
      return { status: 'failed', reason: result.reason };
    },
  });
  return [sender('whatsapp'), sender('sms')];
}
