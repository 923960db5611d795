import { DonationRequestSchema } from '@annadaan/contract/requests';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { listSentRequests } from './requests-repository';
import { withdrawOpenRequestsOf } from './requests-service';
import { waitlistDataOf } from './waitlist-repository';

/**
 * The requests a person made: exported as they see them in My Orders; on deletion the open ones are
 * withdrawn, and their places on waitlists go (issue 33), portions offered to them passing to the next.
 */
export const requestsAccountData = accountDataPart({
  key: 'requests',
  schema: z.array(DonationRequestSchema),
  exportUserData: (db, userId, now) => allPages((page) => listSentRequests(db, userId, page, now)),
  eraseUserData: (trx, userId, { now }) => withdrawOpenRequestsOf(trx, userId, now),
});

/** Issue 33: the person's places on waitlists, as they were (erased with the requests above). */
export const waitlistsAccountData = accountDataPart({
  key: 'waitlists',
  schema: z.array(
    z.object({
      id: z.number(),
      donationId: z.number(),
      portions: z.number(),
      status: z.string(),
      offeredPortions: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
  exportUserData: async (db, userId) =>
    (await waitlistDataOf(db, userId)).map((row) => ({
      ...row,
      portions: Number(row.portions),
      offeredPortions: row.offeredPortions === null ? null : Number(row.offeredPortions),
    })),
  eraseUserData: async () => {},
});
