import { NotificationKind } from '@annadaan/contract/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueJobs } from '../jobs/job-queue';
import { DELIVERY_CHANNELS } from './channels';
import { DELIVERY_JOB, deliveryJobKey } from './deliveries';
import { wakeLocalStreams } from './live-events';
import { type NewNotification, insertNotifications } from './notifications-repository';

/**
 * Where each notification leads in the web app. These mirror apps/web/src/app/paths.ts (the web
 * app's one route table), which the server cannot import.
 */
const links = {
  receivedRequestsFor: (donationId: number) => `/my-received-requests?donation=${donationId}`,
  myOrders: '/my-order',
  profile: '/Profile',
  donation: (donationId: number) => `/request-donation/${donationId}`,
  browse: '/BrowseDonations',
  notifications: '/notifications',
  dashboard: '/dashboard',
} as const;

/** What a report was about, in the reporter's words for it: the food's or the person's name. */
function reported(target: { type: 'DONATION' | 'FOOD_NEED' | 'USER'; title: string }): string {
  const name = food(target.title);
  if (target.type === 'USER') return `the account of ${name}`;
  return target.type === 'DONATION' ? `the donation "${name}"` : `the food need "${name}"`;
}

/** Food names are the donor's words and shown to both parties already; long ones are cut for a title line. */
function food(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
}

/** The receiver's own name for an alert's place, or a plain phrase when they gave none. */
function place(label: string): string {
  const trimmed = label.trim();
  return trimmed === '' ? 'your saved place' : trimmed;
}

/**
 * What each event tells whom. Only what the recipient can already see (the food's name): never a
 * phone number, pickup code, address or the other person's details.
 */
export const notices = {
  requestReceived: (donorId: number, donationId: number, foodName: string): NewNotification => ({
    userId: donorId,
    kind: NotificationKind.REQUEST_RECEIVED,
    title: 'New request for your food',
    body: `Someone asked for "${food(foodName)}". Accept or decline it soon.`,
    link: links.receivedRequestsFor(donationId),
  }),
  requestAccepted: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.REQUEST_ACCEPTED,
    title: 'Your request was accepted',
    body: `The donor accepted your request for "${food(foodName)}". Open My Orders for your pickup code.`,
    link: links.myOrders,
  }),
  requestRejected: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.REQUEST_REJECTED,
    title: 'Your request was declined',
    body: `Your request for "${food(foodName)}" was not accepted this time.`,
    link: links.myOrders,
  }),
  requestCancelled: (donorId: number, donationId: number, foodName: string): NewNotification => ({
    userId: donorId,
    kind: NotificationKind.REQUEST_CANCELLED,
    title: 'A request was withdrawn',
    body: `A receiver withdrew their request for "${food(foodName)}".`,
    link: links.receivedRequestsFor(donationId),
  }),
  donationCancelled: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.DONATION_CANCELLED,
    title: 'A donation was withdrawn',
    body: `The donor withdrew "${food(foodName)}", so your request was cancelled.`,
    link: links.myOrders,
  }),
  donationExpired: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.DONATION_EXPIRED,
    title: 'A donation expired',
    body: `"${food(foodName)}" expired before pickup, so your request was cancelled.`,
    link: links.myOrders,
  }),
  /** Told under the expired-donations kind: the same event, for the receiver who had the code. */
  pickupMissed: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.DONATION_EXPIRED,
    title: 'Pickup missed',
    body: `"${food(foodName)}" expired before you collected it, so it counts as a missed pickup on your profile. Three missed pickups in 30 days limit you to one accepted request at a time.`,
    link: links.profile,
  }),
  pickupCompleted: (userId: number, side: 'donor' | 'receiver', donationId: number, foodName: string): NewNotification => ({
    userId,
    kind: NotificationKind.PICKUP_COMPLETED,
    title: 'Pickup complete',
    body: `The pickup of "${food(foodName)}" is complete. Please rate the ${side === 'donor' ? 'receiver' : 'donor'}.`,
    link: side === 'donor' ? links.receivedRequestsFor(donationId) : links.myOrders,
  }),
  requestWaiting: (donorId: number, donationId: number, foodName: string): NewNotification => ({
    userId: donorId,
    kind: NotificationKind.REQUEST_WAITING,
    title: 'A request is waiting for you',
    body: `A request for "${food(foodName)}" has waited 15 minutes. Cooked food does not keep: please accept or decline it.`,
    link: links.receivedRequestsFor(donationId),
  }),
  pickupReminder: (userId: number, side: 'donor' | 'receiver', donationId: number, foodName: string): NewNotification => ({
    userId,
    kind: NotificationKind.PICKUP_REMINDER,
    title: 'Pickup due within 30 minutes',
    body:
      side === 'receiver'
        ? `"${food(foodName)}" expires in 30 minutes. Collect it now and show your pickup code from My Orders.`
        : `"${food(foodName)}" expires in 30 minutes. When the receiver arrives, enter their pickup code to confirm.`,
    link: side === 'donor' ? links.receivedRequestsFor(donationId) : links.myOrders,
  }),
  /**
   * A new donation inside a receiver's alert. The food's name and the alert's own label and radius
   * (the receiver's words); never the donor, the address or any point.
   */
  nearbyDonation: (receiverId: number, alert: { label: string; radiusKm: number }, donationId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.NEARBY_DONATION,
    title: `New food near ${place(alert.label)}`,
    body: `"${food(foodName)}" was just listed within ${alert.radiusKm} km of ${place(alert.label)}. Request it before it is gone.`,
    link: links.donation(donationId),
  }),
  /** Several donations inside one alert within its 10-minute window, told once at the window's end. */
  nearbyDonations: (receiverId: number, alert: { label: string; radiusKm: number }, count: number): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.NEARBY_DONATION,
    title: `${count} new donations near ${place(alert.label)}`,
    body: `${count} donations were listed within ${alert.radiusKm} km of ${place(alert.label)} in the last few minutes. Browse them before they are gone.`,
    link: links.browse,
  }),
  passwordChanged: (userId: number): NewNotification => ({
    userId,
    kind: NotificationKind.ACCOUNT_SECURITY,
    title: 'Your password was changed',
    body: 'Your password was changed and your other sessions were signed out. If this was not you, reset your password at once.',
    link: links.profile,
  }),
  passwordReset: (userId: number): NewNotification => ({
    userId,
    kind: NotificationKind.ACCOUNT_SECURITY,
    title: 'Your password was reset',
    body: 'Your password was reset with a code and every session was signed out. If this was not you, write to us through Contact & Help.',
    link: links.profile,
  }),
  resetRequested: (userId: number): NewNotification => ({
    userId,
    kind: NotificationKind.ACCOUNT_SECURITY,
    title: 'A password reset was asked for',
    body: 'Someone asked for a code to reset your password. If this was not you, ignore it; your password stays the same.',
    link: links.profile,
  }),
  /**
   * An admin decided on a report. The reporter learns the outcome, never the admin's reason
   * (it may speak of others) nor who else reported.
   */
  reportOutcome: (reporterId: number, target: { type: 'DONATION' | 'FOOD_NEED' | 'USER'; title: string }, actioned: boolean): NewNotification => ({
    userId: reporterId,
    kind: NotificationKind.REPORT_OUTCOME,
    title: actioned ? 'We acted on your report' : 'We looked at your report',
    body: actioned
      ? `An admin reviewed your report about ${reported(target)} and took action. Thank you for keeping Annadaan safe.`
      : `An admin reviewed your report about ${reported(target)} and found nothing that breaks the rules. Thank you for telling us.`,
    link: links.notifications,
  }),
  /** A receiver whose open request was on a listing an admin hid: the request is cancelled. */
  listingHiddenForRequester: (receiverId: number, foodName: string): NewNotification => ({
    userId: receiverId,
    kind: NotificationKind.LISTING_HIDDEN,
    title: 'A donation was taken down',
    body: `An admin took down "${food(foodName)}", so your request was cancelled. Please do not collect it.`,
    link: links.myOrders,
  }),
  /** The owner of a listing an admin hid, with the admin's reason: it is about their own listing. */
  listingHiddenForOwner: (ownerId: number, type: 'DONATION' | 'FOOD_NEED', title: string, reason: string): NewNotification => ({
    userId: ownerId,
    kind: NotificationKind.LISTING_HIDDEN,
    title: type === 'DONATION' ? 'Your donation was hidden' : 'Your food need was hidden',
    body: `An admin hid "${food(title)}": ${reason.length > 200 ? `${reason.slice(0, 199)}…` : reason}`,
    link: links.dashboard,
  }),
  phoneChanged: (userId: number): NewNotification => ({
    userId,
    kind: NotificationKind.ACCOUNT_SECURITY,
    title: 'Your phone number was changed',
    body: 'The phone number on your account was changed and your other sessions were signed out. If this was not you, reset your password at once.',
    link: links.profile,
  }),
} as const;

/**
 * Records notifications inside the caller's transaction (pass the transaction, not the app's db):
 * they commit or roll back with the change that causes them, and so does one delivery job per
 * notification and channel (push, email), which the job runner delivers with retries. Live
 * streams on this process are woken to look; on PostgreSQL the insert trigger tells every
 * instance once the row is committed.
 */
export async function recordNotifications(trx: Kysely<Database>, notifications: NewNotification[], now: Date): Promise<void> {
  if (notifications.length === 0) return;
  const ids = await insertNotifications(trx, notifications, now);
  await enqueueJobs(
    trx,
    ids.flatMap((notificationId) =>
      DELIVERY_CHANNELS.map((channel) => ({ kind: DELIVERY_JOB, payload: { notificationId, channel }, runAt: now, key: deliveryJobKey(notificationId, channel) })),
    ),
  );
  wakeLocalStreams(notifications.map((notification) => notification.userId));
}

export async function recordNotification(trx: Kysely<Database>, notification: NewNotification, now: Date): Promise<void> {
  await recordNotifications(trx, [notification], now);
}
