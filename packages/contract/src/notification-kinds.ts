// Notification kinds and the live-event name, without zod: the signed-in header on the first screen
// imports them at runtime, and zod would add 25 kB to that screen (the schemas are in notifications.ts).

/** What a notification is about (issue 14). */
export const NotificationKind = {
  REQUEST_RECEIVED: 'REQUEST_RECEIVED',
  REQUEST_ACCEPTED: 'REQUEST_ACCEPTED',
  REQUEST_REJECTED: 'REQUEST_REJECTED',
  REQUEST_CANCELLED: 'REQUEST_CANCELLED',
  DONATION_CANCELLED: 'DONATION_CANCELLED',
  DONATION_EXPIRED: 'DONATION_EXPIRED',
  PICKUP_COMPLETED: 'PICKUP_COMPLETED',
  PICKUP_REMINDER: 'PICKUP_REMINDER',
  REQUEST_WAITING: 'REQUEST_WAITING',
  /** New food inside one of the receiver's saved nearby-food alerts (packages/contract/src/alerts.ts). */
  NEARBY_DONATION: 'NEARBY_DONATION',
  ACCOUNT_SECURITY: 'ACCOUNT_SECURITY',
  /** An admin decided on a report the person filed (issue 16). */
  REPORT_OUTCOME: 'REPORT_OUTCOME',
  /** An admin hid a listing the person owns or had asked for (issue 16). */
  LISTING_HIDDEN: 'LISTING_HIDDEN',
  /** A delivery run opened (or opened again) within a volunteer's area (issue 32). */
  RUN_AVAILABLE: 'RUN_AVAILABLE',
  /** A step of the delivery of the donor's or receiver's food: claimed, released, picked up, not carried (issue 32). */
  RUN_UPDATE: 'RUN_UPDATE',
  /** The volunteer's own: an admin's decision, a run that ended another way, a missed pickup (issue 32). */
  VOLUNTEERING: 'VOLUNTEERING',
  /** An organisation invited the person, or the admins verified it or asked its coordinators for more (issue 32). */
  ORGANISATION: 'ORGANISATION',
  /** Freed portions offered to the person first in line, or the line ending (issue 33). */
  WAITLIST: 'WAITLIST',
} as const;
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];

/** The SSE event name of a notification on `GET /api/events`; its data is a `Notification`. */
export const NOTIFICATION_EVENT = 'notification';
