import { DELETED_USER_NAME } from '@annadaan/contract/account';
import { ProfileSchema } from '@annadaan/contract/auth';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { anonymiseUser, findAccountRecord, findProfile } from './user-repository';

/** The profile and the consent given at sign-up; on deletion the row is emptied and named "Deleted user" (it runs last). */
export const userAccountData = accountDataPart({
  key: 'profile',
  schema: ProfileSchema.extend({ createdAt: z.string(), termsVersion: z.string().nullable(), termsAcceptedAt: z.string().nullable() }),
  async exportUserData(db, userId) {
    const [profile, record] = await Promise.all([findProfile(db, userId), findAccountRecord(db, userId)]);
    if (!profile || !record) throw new Error(`No account ${userId} to export.`);
    return { ...profile, ...record };
  },
  eraseUserData: (trx, userId, { now }) => anonymiseUser(trx, userId, DELETED_USER_NAME, now),
});
