import { DonationSchema } from '@annadaan/contract/donations';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { anonymiseDonationsOf, listDonorDonations } from './donations-repository';
import { withdrawOpenDonationsOf } from './donations-service';

/** A donor's donations: exported as the donor sees them; on deletion the open ones are withdrawn and all are anonymised. */
export const donationsAccountData = accountDataPart({
  key: 'donations',
  schema: z.array(DonationSchema),
  exportUserData: (db, userId, now) => allPages((page) => listDonorDonations(db, userId, page, now)),
  async eraseUserData(trx, userId, { now }) {
    await withdrawOpenDonationsOf(trx, userId, now);
    await anonymiseDonationsOf(trx, userId, now);
  },
});
