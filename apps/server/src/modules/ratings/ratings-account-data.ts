import { RatingSchema } from '@annadaan/contract/ratings';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { clearCommentsOf, listRatings } from './ratings-repository';

/** Ratings given and received; on deletion they stay as anonymous stars without their comments. */
export const ratingsAccountData = accountDataPart({
  key: 'ratings',
  schema: z.object({ given: z.array(RatingSchema), received: z.array(RatingSchema) }),
  async exportUserData(db, userId) {
    return {
      given: await allPages((page) => listRatings(db, userId, 'given', page)),
      received: await allPages((page) => listRatings(db, userId, 'received', page)),
    };
  },
  eraseUserData: (trx, userId) => clearCommentsOf(trx, userId),
});
