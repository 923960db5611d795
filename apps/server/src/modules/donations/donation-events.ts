/**
 * Jobs the donations feature enqueues for whoever handles them (nearby-food alerts match new
 * food), so it never imports their code: the payload is `{ donationId }`, written in the
 * transaction that lists the donation.
 */
export const DONATION_CREATED_JOB = 'donation-created';
