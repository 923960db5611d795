/*
 * A request's statuses and payment methods as values, free of zod so the screens that only show
 * them (a donation's page, the orders) do not load it; requests.ts re-exports both with their schemas.
 */

export const RequestStatus = {
  PENDING: 'PENDING',
  AWAITING_PICKUP: 'AWAITING_PICKUP',
  COMPLETED: 'COMPLETED',
  REJECTED: 'REJECTED',
  CANCELLED: 'CANCELLED',
  /** Accepted, and the food expired before the receiver collected it (issue 16). */
  NO_SHOW: 'NO_SHOW',
} as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];

export const PaymentMethod = { CASH: 'CASH', UPI: 'UPI', CARD: 'CARD', NOT_APPLICABLE: 'NOT_APPLICABLE' } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
