import { BlockedUserSchema } from '@annadaan/contract/moderation';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { deleteBlocksOf, listAllBlocksBy } from './blocks-repository';

/** The people a person blocked; on deletion every block by or against them goes. */
export const blocksAccountData = accountDataPart({
  key: 'blocks',
  schema: z.array(BlockedUserSchema),
  exportUserData: (db, userId) => listAllBlocksBy(db, userId),
  eraseUserData: (trx, userId) => deleteBlocksOf(trx, userId),
});
