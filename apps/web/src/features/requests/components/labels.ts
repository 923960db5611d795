/** Request status colours on orders (spec section 4). */
export const requestStatusColors: Record<string, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'blue',
  AWAITING_PICKUP: 'grape',
  COMPLETED: 'green',
  REJECTED: 'red',
  CANCELLED: 'red',
  NO_SHOW: 'orange',
};

export const requestStatusLabels: Record<string, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  AWAITING_PICKUP: 'Awaiting pickup',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};

export const paymentMethodLabels: Record<string, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  NOT_APPLICABLE: 'Not applicable',
};

/** The My orders status filter groups (spec section 4); a no-show ended without pickup, so it sits with the cancelled ones (decision 029). */
export const statusGroups = {
  ALL: null,
  ONGOING: ['PENDING', 'ACCEPTED', 'AWAITING_PICKUP'],
  COMPLETED: ['COMPLETED'],
  CANCELLED: ['REJECTED', 'CANCELLED', 'NO_SHOW'],
} as const satisfies Record<string, readonly string[] | null>;
export type StatusGroup = keyof typeof statusGroups;

export function isOngoing(status: string) {
  return (statusGroups.ONGOING as readonly string[]).includes(status);
}
