import { DELETED_USER_NAME } from '@annadaan/contract/account';
import { MyFoodRequestSchema } from '@annadaan/contract/food-requests';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { anonymiseFoodRequestsOf, listMyFoodRequests, withdrawOpenFoodRequestsOf } from './food-needs-repository';

/** Food needs a person posted; on deletion the open ones are withdrawn and all lose their contact details. */
export const foodNeedsAccountData = accountDataPart({
  key: 'foodNeeds',
  schema: z.array(MyFoodRequestSchema),
  exportUserData: (db, userId, now) => allPages((page) => listMyFoodRequests(db, userId, page, now)),
  async eraseUserData(trx, userId, { now }) {
    await withdrawOpenFoodRequestsOf(trx, userId, now);
    await anonymiseFoodRequestsOf(trx, userId, DELETED_USER_NAME, now);
  },
});
