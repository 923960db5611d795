import { NotificationPreferencesSchema } from '@annadaan/contract/notification-preferences';
import { type Notification, NotificationSchema } from '@annadaan/contract/notifications';
import { z } from 'zod';
import { EXPORT_PAGE_SIZE, accountDataPart } from '../../lib/account-data';
import { forgetJobs } from '../jobs/job-queue';
import { DELIVERY_CHANNELS } from './channels';
import { deliveryJobKey } from './deliveries';
import { deleteConsentsOf } from './messaging-repository';
import { deleteNotificationsOf, listNotifications } from './notifications-repository';
import { deletePreferencesOf, readPreferences } from './preferences-repository';
import { deleteSubscriptionsOf, subscriptionSummariesOf } from './push-repository';

/** The in-app notifications addressed to the person; on deletion they go with their pending deliveries. */
export const notificationsAccountData = accountDataPart({
  key: 'notifications',
  schema: z.array(NotificationSchema),
  async exportUserData(db, userId) {
    const all: Notification[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await listNotifications(db, userId, before, EXPORT_PAGE_SIZE);
      all.push(...page.items);
      if (page.nextCursor === null) return all;
      before = Number(page.nextCursor);
    }
  },
  async eraseUserData(trx, userId) {
    const ids = await deleteNotificationsOf(trx, userId);
    await forgetJobs(
      trx,
      ids.flatMap((id) => DELIVERY_CHANNELS.map((channel) => deliveryJobKey(id, channel))),
    );
  },
});

/** Channel choices and quiet hours. */
export const notificationPreferencesAccountData = accountDataPart({
  key: 'notificationPreferences',
  schema: NotificationPreferencesSchema,
  exportUserData: (db, userId) => readPreferences(db, userId),
  eraseUserData: (trx, userId) => deletePreferencesOf(trx, userId),
});

/** Browsers subscribed to web push: the push service's host and when, never the endpoint's path or the keys. */
export const pushSubscriptionsAccountData = accountDataPart({
  key: 'pushSubscriptions',
  schema: z.array(z.object({ endpointHost: z.string(), createdAt: z.string() })),
  exportUserData: (db, userId) => subscriptionSummariesOf(db, userId),
  eraseUserData: (trx, userId) => deleteSubscriptionsOf(trx, userId),
});

/** The phone's verification and the WhatsApp/SMS consents with when and how each was given (decision 049). */
export const messagingAccountData = accountDataPart({
  key: 'messaging',
  schema: z.object({
    phoneVerifiedAt: z.string().nullable(),
    consents: z.array(z.object({ channel: z.string(), group: z.string(), on: z.boolean(), changedAt: z.string(), source: z.string() })),
  }),
  async exportUserData(db, userId) {
    const person = await db.selectFrom('users').select('phone_verified_at').where('id', '=', userId).executeTakeFirst();
    const rows = await db
      .selectFrom('messaging_consents')
      .select(['channel', 'kind_group', 'enabled', 'changed_at', 'source'])
      .where('user_id', '=', userId)
      .orderBy('channel')
      .orderBy('kind_group')
      .execute();
    return {
      phoneVerifiedAt: person?.phone_verified_at ?? null,
      consents: rows.map((row) => ({ channel: row.channel, group: row.kind_group, on: row.enabled === 1, changedAt: row.changed_at, source: row.source })),
    };
  },
  async eraseUserData(trx, userId) {
    await deleteConsentsOf(trx, userId);
    await trx.deleteFrom('phone_verifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('messaging_sends').where('user_id', '=', userId).execute();
    await trx.deleteFrom('reply_tokens').where('donor_id', '=', userId).execute();
    await trx.updateTable('users').set({ phone_verified_at: null }).where('id', '=', userId).execute();
  },
});
