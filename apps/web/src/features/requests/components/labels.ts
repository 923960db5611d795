import { PaymentMethod, RequestStatus } from '@annadaan/contract/request-status';

/** Request status colours on orders (spec section 4); the words are common:enums.requestStatus. */
export const requestStatusColors: Record<string, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'blue',
  AWAITING_PICKUP: 'grape',
  COMPLETED: 'green',
  REJECTED: 'red',
  CANCELLED: 'red',
  NO_SHOW: 'orange',
};

/** The catalog key of a request status's label (`t` of the `common` namespace), or null for a status this app does not know. */
export function requestStatusLabelKey(status: string) {
  return (Object.values(RequestStatus) as string[]).includes(status) ? (`enums.requestStatus.${status as RequestStatus}` as const) : null;
}

/** The catalog key of a payment method's label (`t` of the `common` namespace), or null for one this app does not know. */
export function paymentMethodLabelKey(method: string) {
  return (Object.values(PaymentMethod) as string[]).includes(method) ? (`enums.paymentMethod.${method as PaymentMethod}` as const) : null;
}

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
