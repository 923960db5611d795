import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { NotificationKind } from '@annadaan/contract/notifications';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { enqueueJob, finishJobWith } from '../jobs/job-queue';
import type { JobContext } from '../jobs/job-runner';
import { type ChannelSender, DELIVERY_CHANNELS, type DeliverableNotification, type DeliveryChannel, type DeliveryPolicy } from './channels';
import { recipientLanguage, wordNotification } from './messages/messages';
import { findDeliverable } from './notifications-repository';

/** The job kind of one notification on one channel; enqueued by recordNotifications. */
export const DELIVERY_JOB = 'notification-delivery';

export function deliveryJobKey(notificationId: number, channel: DeliveryChannel): string {
  return `notification:${notificationId}:${channel}`;
}

const PayloadSchema = z.object({ notificationId: z.number().int().positive(), channel: z.enum(DELIVERY_CHANNELS) });

export type DeliveryStatus = 'sent' | 'skipped' | 'retrying' | 'failed';

export interface DeliveryOptions {
  channels: ChannelSender[];
  policy: DeliveryPolicy;
}

/** The channel that tries next when one is off for the person or fails for good: SMS after WhatsApp. */
const FALLBACK: Partial<Record<DeliveryChannel, DeliveryChannel>> = { whatsapp: 'sms' };

/**
 * Delivers notifications beyond the app: each (notification, channel) is a job of the job runner,
 * so a failure is retried with backoff and a crash after the commit still delivers. What happened
 * is kept in notification_deliveries; a delivery marked sent is never sent again.
 */
export function registerNotificationDelivery(app: FastifyInstance, options: DeliveryOptions) {
  const senders = new Map(options.channels.map((sender) => [sender.channel, sender]));

  const write = (
    db: Kysely<Database>,
    notificationId: number,
    channel: DeliveryChannel,
    status: DeliveryStatus,
    detail: string | null,
    attempts: number,
    now: Date,
  ) =>
    db
      .insertInto('notification_deliveries')
      .values({ notification_id: notificationId, channel, status, detail, attempts, updated_at: toIso(now) })
      .onConflict((conflict) => conflict.columns(['notification_id', 'channel']).doUpdateSet({ status, detail, attempts, updated_at: toIso(now) }))
      .execute();

  const record = async (notificationId: number, channel: DeliveryChannel, status: DeliveryStatus, detail: string | null, attempts: number, now: Date) => {
    await write(app.db, notificationId, channel, status, detail, attempts, now);
  };

  /**
   * The delivery's last word and the end of its job in one commit (on SQLite one fsync instead of
   * two, docs/decisions/047); nothing is written when another run already finished the job.
   */
  const recordFinal = async (
    context: JobContext,
    notificationId: number,
    channel: DeliveryChannel,
    status: DeliveryStatus,
    detail: string | null,
    fallback = false,
  ) => {
    await app.db.transaction().execute(async (trx) => {
      if (!(await finishJobWith(trx, context.jobId))) return;
      await write(trx, notificationId, channel, status, detail, context.attempt, context.now);
      const next = fallback ? FALLBACK[channel] : undefined;
      if (next)
        await enqueueJob(trx, {
          kind: DELIVERY_JOB,
          payload: { notificationId, channel: next },
          runAt: context.now,
          key: deliveryJobKey(notificationId, next),
        });
    });
  };

  app.jobs.handle(DELIVERY_JOB, async (payload, context: JobContext) => {
    const { notificationId, channel } = PayloadSchema.parse(payload);
    const notification = await deliverableNotification(app.db, notificationId);
    // The account was deleted (its notifications went with it): nobody to tell.
    if (!notification) return;
    const done = await app.db
      .selectFrom('notification_deliveries')
      .select('status')
      .where('notification_id', '=', notificationId)
      .where('channel', '=', channel)
      .executeTakeFirst();
    if (done && (done.status === 'sent' || done.status === 'skipped')) return;

    const sender = senders.get(channel);
    if (!sender) {
      await recordFinal(context, notificationId, channel, 'skipped', 'channel not set up');
      return;
    }
    const decision = await options.policy(notification, channel, context.now);
    if (decision.action === 'skip') {
      await recordFinal(context, notificationId, channel, 'skipped', decision.reason, decision.fallback ?? false);
      return;
    }
    if (decision.action === 'defer') return { retryAt: decision.until };

    try {
      const outcome = await sender.deliver(notification, context.now);
      if (outcome.status === 'sent') await recordFinal(context, notificationId, channel, 'sent', null);
      else await recordFinal(context, notificationId, channel, outcome.status, outcome.reason, outcome.status === 'failed' || outcome.fallback === true);
    } catch (error) {
      const last = context.attempt >= context.maxAttempts;
      const detail = error instanceof Error ? error.message.slice(0, 300) : 'delivery failed';
      // The last failure hands over to the next channel in line; the job itself is kept as failed.
      if (last && FALLBACK[channel]) {
        const next = FALLBACK[channel];
        await enqueueJob(app.db, {
          kind: DELIVERY_JOB,
          payload: { notificationId, channel: next },
          runAt: context.now,
          key: deliveryJobKey(notificationId, next),
        });
      }
      await record(notificationId, channel, last ? 'failed' : 'retrying', detail, context.attempt, context.now);
      throw error;
    }
  });
}

/**
 * A notification as a channel gets it: worded in its recipient's language as the account has it
 * now (a delivery held through quiet hours goes out in the language chosen meanwhile).
 */
export async function deliverableNotification(db: Kysely<Database>, notificationId: number): Promise<DeliverableNotification | undefined> {
  const row = await findDeliverable(db, notificationId);
  if (!row) return undefined;
  const language = recipientLanguage(row.language);
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: row.kind as NotificationKind,
    language,
    ...wordNotification(row, language),
    link: row.link,
    createdAt: row.created_at,
  };
}

/** Sends everything: the policy until preferences exist. */
export const deliverEverything: DeliveryPolicy = async () => ({ action: 'deliver' });
