import { DonationRequestSchema } from '@annadaan/contract/requests';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { listSentRequests } from './requests-repository';
import { withdrawOpenRequestsOf } from './requests-service';

/** The requests a person made: exported as they see them in My Orders; on deletion the open ones are withdrawn. */
export const requestsAccountData = accountDataPart({
  key: 'requests',
  schema: z.array(DonationRequestSchema),
  exportUserData: (db, userId, now) => allPages((page) => listSentRequests(db, userId, page, now)),
  eraseUserData: (trx, userId, { now }) => withdrawOpenRequestsOf(trx, userId, now),
});
