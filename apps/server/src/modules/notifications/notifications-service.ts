import { NotificationKind } from '@annadaan/contract/notifications';
import { paths } from '@annadaan/contract/paths';
import type { PortionUnit } from '@annadaan/contract/portions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueJobs } from '../jobs/job-queue';
import { IMMEDIATE_CHANNELS } from './channels';
import { messagingJobsFor } from './messaging-delivery';
import { DELIVERY_JOB, deliveryJobKey } from './deliveries';
import { wakeLocalStreams } from './live-events';
import { type Message, type MessageParam } from './messages/catalog';
import { message } from './messages/messages';
import { type NewNotification, insertNotifications } from './notifications-repository';

/** What a report was about, in the reporter's words for it: the food's or the person's name. */
function reported(target: { type: 'DONATION' | 'FOOD_NEED' | 'USER'; title: string }): Message {
  const name = food(target.title);
  if (target.type === 'USER') return message('reported.user', { name });
  return target.type === 'DONATION' ? message('reported.donation', { name }) : message('reported.foodNeed', { name });
}

/** Food names are the donor's words and shown to both parties already; long ones are cut for a title line. */
function food(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
}

/** A number of portions in their unit ("5 plates"), worded in the reader's language. */
export interface Amount {
  count: number;
  unit: PortionUnit;
}
function amountOf({ count, unit }: Amount): Message {
  return message(`amount.${unit}.${count === 1 ? 'one' : 'other'}` as 'amount.PLATE.one', { count });
}

/** The receiver's own name for an alert's place, or a plain phrase (in the reader's language) when they gave none. */
function place(label: string): MessageParam {
  const trimmed = label.trim();
  return trimmed === '' ? message('place.saved') : trimmed;
}

/** One notice: its title and body as messages, worded for whoever reads it (decision 033). */
function notice(userId: number, kind: NotificationKind, title: Message, body: Message, link: string, requestId?: number): NewNotification {
  return requestId === undefined ? { userId, kind, message: { title, body }, link } : { userId, kind, message: { title, body }, link, requestId };
}

/**
 * What each event tells whom. Only what the recipient can already see (the food's name): never a
 * phone number, pickup code, address or the other person's details. The words are in
 * messages/<language>.ts; each notice keeps its keys and parameters, so it reads in the
 * recipient's language in the app, in push and in email.
 */
export const notices = {
  /** With the request, so a WhatsApp message can carry Accept and Decline buttons for it. */
  requestReceived: (donorId: number, donationId: number, foodName: string, requestId?: number): NewNotification =>
    notice(
      donorId,
      NotificationKind.REQUEST_RECEIVED,
      message('requestReceived.title'),
      message('requestReceived.body', { food: food(foodName) }),
      paths.receivedRequestsFor(donationId),
      requestId,
    ),
  /** With the request, so a WhatsApp or SMS message to this receiver alone can carry its pickup code. */
  requestAccepted: (receiverId: number, foodName: string, requestId?: number): NewNotification =>
    notice(
      receiverId,
      NotificationKind.REQUEST_ACCEPTED,
      message('requestAccepted.title'),
      message('requestAccepted.body', { food: food(foodName) }),
      paths.myOrders,
      requestId,
    ),
  requestRejected: (receiverId: number, foodName: string): NewNotification =>
    notice(
      receiverId,
      NotificationKind.REQUEST_REJECTED,
      message('requestRejected.title'),
      message('requestRejected.body', { food: food(foodName) }),
      paths.myOrders,
    ),
  requestCancelled: (donorId: number, donationId: number, foodName: string): NewNotification =>
    notice(
      donorId,
      NotificationKind.REQUEST_CANCELLED,
      message('requestCancelled.title'),
      message('requestCancelled.body', { food: food(foodName) }),
      paths.receivedRequestsFor(donationId),
    ),
  donationCancelled: (receiverId: number, foodName: string): NewNotification =>
    notice(
      receiverId,
      NotificationKind.DONATION_CANCELLED,
      message('donationCancelled.title'),
      message('donationCancelled.body', { food: food(foodName) }),
      paths.myOrders,
    ),
  donationExpired: (receiverId: number, foodName: string): NewNotification =>
    notice(
      receiverId,
      NotificationKind.DONATION_EXPIRED,
      message('donationExpired.title'),
      message('donationExpired.body', { food: food(foodName) }),
      paths.myOrders,
    ),
  /** Issue 33: the donor accepted some portions; with the request, as requestAccepted, for the pickup code. */
  portionsAccepted: (receiverId: number, foodName: string, amount: Amount, collectBy: Date, requestId: number): NewNotification =>
    notice(
      receiverId,
      NotificationKind.REQUEST_ACCEPTED,
      message('requestAccepted.title'),
      message('portionsAccepted.body', { food: food(foodName), amount: amountOf(amount), time: { time: collectBy.toISOString() } }),
      paths.myOrders,
      requestId,
    ),
  /** Issue 33: requests on food that accepts by itself, for the donor to know who is coming. */
  portionsTaken: (donorId: number, donationId: number, foodName: string, amount: Amount): NewNotification =>
    notice(
      donorId,
      NotificationKind.REQUEST_RECEIVED,
      message('portionsTaken.title'),
      message('portionsTaken.body', { food: food(foodName), amount: amountOf(amount) }),
      paths.receivedRequestsFor(donationId),
    ),
  /** Issue 33: freed portions offered to the first in line, for `minutes`. */
  waitlistOffer: (userId: number, donationId: number, foodName: string, amount: Amount, minutes: number): NewNotification =>
    notice(
      userId,
      NotificationKind.WAITLIST,
      message('waitlistOffer.title'),
      message('waitlistOffer.body', { food: food(foodName), amount: amountOf(amount), minutes }),
      paths.requestDonation(donationId),
    ),
  waitlistEnded: (userId: number, foodName: string): NewNotification =>
    notice(userId, NotificationKind.WAITLIST, message('waitlistEnded.title'), message('waitlistEnded.body', { food: food(foodName) }), paths.browse),
  /** Issue 33: accepted portions not collected by the time given (a no-show); the receiver's and the donor's notices. */
  portionsMissed: (receiverId: number, foodName: string): NewNotification =>
    notice(
      receiverId,
      NotificationKind.DONATION_EXPIRED,
      message('pickupMissed.title'),
      message('portionsMissed.body', { food: food(foodName) }),
      paths.profile,
    ),
  portionsNotCollected: (donorId: number, donationId: number, foodName: string, amount: Amount): NewNotification =>
    notice(
      donorId,
      NotificationKind.REQUEST_CANCELLED,
      message('portionsNotCollected.title'),
      message('portionsNotCollected.body', { food: food(foodName), amount: amountOf(amount) }),
      paths.receivedRequestsFor(donationId),
    ),
  /** Told under the expired-donations kind: the same event, for the receiver who had the code. */
  pickupMissed: (receiverId: number, foodName: string): NewNotification =>
    notice(receiverId, NotificationKind.DONATION_EXPIRED, message('pickupMissed.title'), message('pickupMissed.body', { food: food(foodName) }), paths.profile),
  pickupCompleted: (userId: number, side: 'donor' | 'receiver', donationId: number, foodName: string): NewNotification =>
    notice(
      userId,
      NotificationKind.PICKUP_COMPLETED,
      message('pickupCompleted.title'),
      message(side === 'donor' ? 'pickupCompleted.bodyForDonor' : 'pickupCompleted.bodyForReceiver', { food: food(foodName) }),
      side === 'donor' ? paths.receivedRequestsFor(donationId) : paths.myOrders,
    ),
  requestWaiting: (donorId: number, donationId: number, foodName: string): NewNotification =>
    notice(
      donorId,
      NotificationKind.REQUEST_WAITING,
      message('requestWaiting.title'),
      message('requestWaiting.body', { food: food(foodName) }),
      paths.receivedRequestsFor(donationId),
    ),
  pickupReminder: (userId: number, side: 'donor' | 'receiver', donationId: number, foodName: string): NewNotification =>
    notice(
      userId,
      NotificationKind.PICKUP_REMINDER,
      message('pickupReminder.title'),
      message(side === 'receiver' ? 'pickupReminder.bodyForReceiver' : 'pickupReminder.bodyForDonor', { food: food(foodName) }),
      side === 'donor' ? paths.receivedRequestsFor(donationId) : paths.myOrders,
    ),
  /**
   * A new donation inside a receiver's alert. The food's name and the alert's own label and radius
   * (the receiver's words); never the donor, the address or any point.
   */
  nearbyDonation: (
    receiverId: number,
    alert: { label: string; radiusKm: number },
    donationId: number,
    foodName: string,
    left: Amount | null = null,
  ): NewNotification =>
    notice(
      receiverId,
      NotificationKind.NEARBY_DONATION,
      message('nearbyDonation.title', { place: place(alert.label) }),
      left
        ? message('nearbyDonation.bodyPortions', { amount: amountOf(left), food: food(foodName), radiusKm: alert.radiusKm, place: place(alert.label) })
        : message('nearbyDonation.body', { food: food(foodName), radiusKm: alert.radiusKm, place: place(alert.label) }),
      paths.requestDonation(donationId),
    ),
  /** Several donations inside one alert within its 10-minute window, told once at the window's end. */
  nearbyDonations: (receiverId: number, alert: { label: string; radiusKm: number }, count: number): NewNotification =>
    notice(
      receiverId,
      NotificationKind.NEARBY_DONATION,
      message('nearbyDonations.title', { count, place: place(alert.label) }),
      message('nearbyDonations.body', { count, radiusKm: alert.radiusKm, place: place(alert.label) }),
      paths.browse,
    ),
  passwordChanged: (userId: number): NewNotification =>
    notice(userId, NotificationKind.ACCOUNT_SECURITY, message('passwordChanged.title'), message('passwordChanged.body'), paths.profile),
  passwordReset: (userId: number): NewNotification =>
    notice(userId, NotificationKind.ACCOUNT_SECURITY, message('passwordReset.title'), message('passwordReset.body'), paths.profile),
  resetRequested: (userId: number): NewNotification =>
    notice(userId, NotificationKind.ACCOUNT_SECURITY, message('resetRequested.title'), message('resetRequested.body'), paths.profile),
  /**
   * An admin decided on a report. The reporter learns the outcome, never the admin's reason
   * (it may speak of others) nor who else reported.
   */
  reportOutcome: (reporterId: number, target: { type: 'DONATION' | 'FOOD_NEED' | 'USER'; title: string }, actioned: boolean): NewNotification =>
    notice(
      reporterId,
      NotificationKind.REPORT_OUTCOME,
      message(actioned ? 'reportOutcome.actionedTitle' : 'reportOutcome.reviewedTitle'),
      message(actioned ? 'reportOutcome.actionedBody' : 'reportOutcome.reviewedBody', { target: reported(target) }),
      paths.notifications,
    ),
  /** A receiver whose open request was on a listing an admin hid: the request is cancelled. */
  listingHiddenForRequester: (receiverId: number, foodName: string): NewNotification =>
    notice(
      receiverId,
      NotificationKind.LISTING_HIDDEN,
      message('listingHiddenForRequester.title'),
      message('listingHiddenForRequester.body', { food: food(foodName) }),
      paths.myOrders,
    ),
  /** The owner of a listing an admin hid, with the admin's reason (the admin's own words, not translated): it is about their own listing. */
  listingHiddenForOwner: (ownerId: number, type: 'DONATION' | 'FOOD_NEED', title: string, reason: string): NewNotification =>
    notice(
      ownerId,
      NotificationKind.LISTING_HIDDEN,
      message(type === 'DONATION' ? 'listingHiddenForOwner.donationTitle' : 'listingHiddenForOwner.foodNeedTitle'),
      message('listingHiddenForOwner.body', { food: food(title), reason: reason.length > 200 ? `${reason.slice(0, 199)}…` : reason }),
      paths.dashboard,
    ),
  /** A phone invitation to an account that has the number; the organisation's name is public. */
  organisationInvite: (userId: number, organisationName: string): NewNotification =>
    notice(
      userId,
      NotificationKind.ORGANISATION,
      message('organisationInvite.title', { organisation: food(organisationName) }),
      message('organisationInvite.body', { organisation: food(organisationName) }),
      paths.myOrganisations,
    ),
  organisationVerified: (coordinatorId: number, organisationId: number, organisationName: string): NewNotification =>
    notice(
      coordinatorId,
      NotificationKind.ORGANISATION,
      message('organisationVerified.title', { organisation: food(organisationName) }),
      message('organisationVerified.body', { organisation: food(organisationName) }),
      paths.manageOrganisation(organisationId),
    ),
  /** The admin's note is written for the coordinators (it says what to send), so they read it as written. */
  organisationMoreInfo: (coordinatorId: number, organisationId: number, organisationName: string, note: string): NewNotification =>
    notice(
      coordinatorId,
      NotificationKind.ORGANISATION,
      message('organisationMoreInfo.title', { organisation: food(organisationName) }),
      message('organisationMoreInfo.body', { organisation: food(organisationName), note: note.length > 200 ? `${note.slice(0, 199)}…` : note }),
      paths.manageOrganisation(organisationId),
    ),
  phoneChanged: (userId: number): NewNotification =>
    notice(userId, NotificationKind.ACCOUNT_SECURITY, message('phoneChanged.title'), message('phoneChanged.body'), paths.profile),
  /** A run opened within a volunteer's area: only areas and the distance, never an address (issue 32). */
  runAvailable: (volunteerId: number, runId: number, foodName: string, from: string, to: string, km: number): NewNotification =>
    notice(
      volunteerId,
      NotificationKind.RUN_AVAILABLE,
      message('runAvailable.title'),
      message('runAvailable.body', { food: food(foodName), from, to, km: Math.round(km * 10) / 10 }),
      paths.run(runId),
    ),
  /** A step of a run, to its donor or receiver: the link is the run, where they see who carries it and each step. */
  runUpdate: (
    userId: number,
    side: 'donor' | 'receiver',
    runId: number,
    step: 'claimed' | 'released' | 'pickedUp' | 'fallback',
    foodName: string,
  ): NewNotification => {
    const titles = { claimed: 'runClaimed', released: 'runReleased', pickedUp: 'runPickedUp', fallback: 'runFallback' } as const;
    const key = titles[step];
    const body =
      key === 'runReleased'
        ? message('runReleased.body', { food: food(foodName) })
        : message(side === 'donor' ? `${key}.bodyForDonor` : `${key}.bodyForReceiver`, { food: food(foodName) });
    return notice(userId, NotificationKind.RUN_UPDATE, message(`${key}.title`), body, paths.run(runId));
  },
  /** The volunteer found the food unsafe on the way: donor and receiver hear why, in the volunteer's words. */
  runDisposed: (userId: number, runId: number, foodName: string, reason: string): NewNotification =>
    notice(
      userId,
      NotificationKind.RUN_UPDATE,
      message('runDisposed.title'),
      message('runDisposed.body', { food: food(foodName), reason: reason.length > 200 ? `${reason.slice(0, 199)}…` : reason }),
      paths.run(runId),
    ),
  /** The volunteer's own news about a run: delivered, off, or missed. */
  runForVolunteer: (volunteerId: number, runId: number, step: 'delivered' | 'cancelled' | 'noShow', foodName: string): NewNotification => {
    const key = ({ delivered: 'runDelivered', cancelled: 'runCancelled', noShow: 'runNoShow' } as const)[step];
    return notice(volunteerId, NotificationKind.VOLUNTEERING, message(`${key}.title`), message(`${key}.body`, { food: food(foodName) }), paths.run(runId));
  },
  /** An admin decided on a volunteer application; a refusal or suspension carries the admin's note. */
  volunteerDecided: (userId: number, decision: 'APPROVE' | 'REJECT' | 'SUSPEND', note: string): NewNotification => {
    const shortNote = note.length > 200 ? `${note.slice(0, 199)}…` : note;
    if (decision === 'APPROVE') {
      return notice(userId, NotificationKind.VOLUNTEERING, message('volunteerApproved.title'), message('volunteerApproved.body'), paths.volunteer);
    }
    const key = decision === 'REJECT' ? 'volunteerRejected' : 'volunteerSuspended';
    return notice(userId, NotificationKind.VOLUNTEERING, message(`${key}.title`), message(`${key}.body`, { note: shortNote }), paths.volunteer);
  },
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
  await enqueueJobs(trx, [
    ...ids.flatMap((notificationId) =>
      IMMEDIATE_CHANNELS.map((channel) => ({
        kind: DELIVERY_JOB,
        payload: { notificationId, channel },
        runAt: now,
        key: deliveryJobKey(notificationId, channel),
      })),
    ),
    // WhatsApp or SMS later, for the people who verified a number and chose them.
    ...(await messagingJobsFor(
      trx,
      ids.map((id, index) => ({ id, userId: notifications[index]?.userId ?? 0, kind: notifications[index]?.kind ?? NotificationKind.ACCOUNT_SECURITY })),
      now,
    )),
  ]);
  wakeLocalStreams(notifications.map((notification) => notification.userId));
}

export async function recordNotification(trx: Kysely<Database>, notification: NewNotification, now: Date): Promise<void> {
  await recordNotifications(trx, [notification], now);
}
