/* The words people read for the enums are in the catalogs (common:enums.*); the colours stay here. */

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
