/** Words people read for the contract's enum values. */
export const foodTypeLabels: Record<string, string> = { PRECOOKED: 'Pre-cooked', RAW: 'Raw' };
export const deliveryTypeLabels: Record<string, string> = {
  SELF_PICKUP: 'Self pickup',
  DELIVERY_PARTNER: 'Delivery partner',
  ANY: 'Any',
};

/** Donation status colours (spec section 4): AVAILABLE green, PENDING yellow, COMPLETED blue, others gray. */
export function donationStatusColor(status: string): string {
  switch (status) {
    case 'AVAILABLE':
      return 'green';
    case 'PENDING':
      return 'yellow';
    case 'COMPLETED':
      return 'blue';
    case 'REJECTED':
      return 'red';
    default:
      return 'gray';
  }
}
