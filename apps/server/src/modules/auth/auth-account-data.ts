import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { clearHitsOfEmail } from '../../plugins/rate-limit';
import { deleteResetsOf } from './password-resets-repository';
import { deleteUserSessions, sessionSummariesOf } from './sessions-repository';

/**
 * Sign-in state: sessions are exported without their token hashes; on deletion every session and
 * reset code ends, and the sign-in counters that carry the email are forgotten.
 */
export const authAccountData = accountDataPart({
  key: 'sessions',
  schema: z.array(z.object({ id: z.number().int(), createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string() })),
  exportUserData: (db, userId) => sessionSummariesOf(db, userId),
  async eraseUserData(trx, userId, { email }) {
    await deleteUserSessions(trx, userId);
    await deleteResetsOf(trx, userId);
    await clearHitsOfEmail(trx, email);
  },
});
