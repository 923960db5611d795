import { NotificationPreferencesSchema } from '@annadaan/contract/notification-preferences';
import { type Notification, NotificationSchema } from '@annadaan/contract/notifications';
import { z } from 'zod';
import { EXPORT_PAGE_SIZE, accountDataPart } from '../../lib/account-data';
import { forgetJobs } from '../jobs/job-queue';
import { DELIVERY_CHANNELS } from './channels';
import { deliveryJobKey } from './deliveries';
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
