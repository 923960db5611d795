import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { eraseRunRatingComments, runDataOf } from './runs-repository';
import { releaseRunsOf } from './runs-service';

const RunExportSchema = z.object({
  runs: z.array(
    z.object({
      id: z.number(),
      foodName: z.string(),
      status: z.string(),
      pickupArea: z.string(),
      dropoffArea: z.string(),
      claimedAt: z.string().nullable(),
      pickedUpAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
      kept: z.string().nullable(),
      temperatureC: z.number().nullable(),
      disposalReason: z.string().nullable(),
    }),
  ),
  ratingsGiven: z.array(z.object({ runId: z.number(), rating: z.number(), comment: z.string(), createdAt: z.string() })),
});

/**
 * The runs a person carried (the chain of custody's record of them) and the ratings they gave on
 * runs. On deletion a run they hold but have not picked up goes back to the pool (donor and
 * receiver told); the runs they carried stay as the chain of custody, under "Deleted user".
 */
export const runsAccountData = accountDataPart({
  key: 'runs',
  schema: RunExportSchema,
  exportUserData: (db, userId) => runDataOf(db, userId),
  eraseUserData: async (trx, userId, { now }) => {
    await releaseRunsOf(trx, userId, now);
    await eraseRunRatingComments(trx, userId);
  },
});
