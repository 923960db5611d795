import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { deleteUploadsOf, uploadsOf } from './uploads-repository';

/** Pictures a person uploaded; on deletion the records go in the transaction and the files once it commits. */
export const uploadsAccountData = accountDataPart({
  key: 'uploads',
  schema: z.array(z.object({ url: z.string(), bytes: z.number().int(), createdAt: z.string() })),
  exportUserData: (db, userId) => uploadsOf(db, userId),
  async eraseUserData(trx, userId, { afterCommit, deleteStoredFile }) {
    const keys = await deleteUploadsOf(trx, userId);
    afterCommit(async () => {
      for (const key of keys) await deleteStoredFile(key);
    });
  },
});
