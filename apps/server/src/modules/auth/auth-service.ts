import crypto from 'node:crypto';
import { AuthMessages } from '@annadaan/contract/auth';
import type { Role } from '@annadaan/contract/common';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { HOUR, MINUTE } from '../../lib/clock';
import { AppError, badRequest, forbidden } from '../../lib/http-errors';
import { checkLimit, clearHits, consumeLimit, recordHit } from '../../plugins/rate-limit';
import type { Notifier } from '../notifications/notifier';
import { hashSecret, verifyAgainstDummy, verifySecret } from './password-hashing';
import { passwordProblem } from './password-policy';
import {
  countResetsSince,
  findLatestReset,
  insertPasswordReset,
  markResetUsed,
  recordWrongCode,
} from './password-resets-repository';
import { createSession, deleteUserSessions } from './sessions-repository';
import {
  emailExists,
  findCredentialsByEmail,
  findCredentialsById,
  insertUser,
  updatePasswordHash,
} from './users-repository';

export const LIMITS = {
  signupsPerAddress: { limit: 20, windowMs: HOUR },
  loginsPerAddress: { limit: 30, windowMs: MINUTE },
  failedLoginsPerAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE },
  resetRequestsPerAccount: { limit: 5, windowMs: 30 * MINUTE },
  wrongCodesPerReset: 5,
  failedPasswordChecksPerUser: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export const RESET_CODE_LIFETIME_MS = 15 * MINUTE;

export interface AuthDeps {
  db: Kysely<Database>;
  now: Date;
  notifier: Notifier;
}

export interface SignedIn {
  accessToken: string;
  role: Role;
}

const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', AuthMessages.emailTaken, { email: AuthMessages.emailTaken });
const invalidLogin = () => new AppError(401, 'INVALID_CREDENTIALS', AuthMessages.invalidLogin);
const invalidResetCode = () => badRequest(AuthMessages.resetCodeInvalid, { code: AuthMessages.resetCodeInvalid });

function refusePassword(password: string, person: { email: string; contactNumber: string }, field: string) {
  const problem = passwordProblem(password, person);
  if (problem) throw badRequest(problem, { [field]: problem });
}

export async function register(
  { db, now }: AuthDeps,
  input: {
    fullName: string;
    contactNumber: string;
    email: string;
    password: string;
    location: string;
    role: 'DONOR' | 'RECEIVER';
    fssaiLicenseNumber?: string | undefined;
  },
  address: string,
): Promise<SignedIn> {
  const signupKey = `signup-ip:${address}`;
  await checkLimit(db, now, { key: signupKey, ...LIMITS.signupsPerAddress });
  refusePassword(input.password, input, 'password');
  if (await emailExists(db, input.email)) throw emailTaken();

  const passwordHash = await hashSecret(input.password);
  let accessToken: string;
  try {
    accessToken = await db.transaction().execute(async (trx) => {
      const userId = await insertUser(
        trx,
        {
          fullName: input.fullName,
          email: input.email,
          contactNumber: input.contactNumber,
          passwordHash,
          location: input.location,
          role: input.role,
          fssaiLicenseNumber: input.role === 'DONOR' ? (input.fssaiLicenseNumber ?? null) : null,
        },
        now,
      );
      return createSession(trx, userId, now);
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await recordHit(db, now, signupKey, LIMITS.signupsPerAddress.windowMs);
  return { accessToken, role: input.role };
}

export async function login({ db, now }: AuthDeps, input: { email: string; password: string }, address: string): Promise<SignedIn> {
  await consumeLimit(db, now, { key: `login-ip:${address}`, ...LIMITS.loginsPerAddress });
  const failuresKey = `login-fail:${address}:${input.email}`;
  await checkLimit(db, now, { key: failuresKey, ...LIMITS.failedLoginsPerAccountAndAddress });

  const user = await findCredentialsByEmail(db, input.email);
  let passwordMatches = false;
  if (user) passwordMatches = await verifySecret(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);

  if (!user || !passwordMatches) {
    await recordHit(db, now, failuresKey, LIMITS.failedLoginsPerAccountAndAddress.windowMs);
    throw invalidLogin();
  }
  await clearHits(db, failuresKey);
  // Told only to someone who knows the password, so it reveals nothing about who has an account.
  if (user.deactivated) throw forbidden(AuthMessages.deactivated);
  return { accessToken: await createSession(db, user.id, now), role: user.role };
}

/** Never says whether the details matched: the caller answers the same either way. */
export async function requestPasswordReset({ db, now, notifier }: AuthDeps, input: { email: string; contactNumber: string }): Promise<void> {
  const user = await findCredentialsByEmail(db, input.email);
  if (!user || user.deactivated || user.contactNumber !== input.contactNumber) {
    // Costs about what the matching path costs, so timing does not tell them apart.
    await hashSecret('000000');
    return;
  }
  const { limit, windowMs } = LIMITS.resetRequestsPerAccount;
  if ((await countResetsSince(db, user.id, new Date(now.getTime() - windowMs))) >= limit) {
    await hashSecret('000000');
    return;
  }

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  // argon2 rather than a fast hash: a leaked table would otherwise give up a 6-digit code at once.
  const codeHash = await hashSecret(code);
  await insertPasswordReset(db, { userId: user.id, codeHash, expiresAt: new Date(now.getTime() + RESET_CODE_LIFETIME_MS) }, now);
  await notifier.send({
    to: { email: user.email, contactNumber: user.contactNumber },
    subject: 'Your Annadaan password reset code',
    text: `Your Annadaan password reset code is ${code}. It is valid for 15 minutes. If you did not ask for it, ignore this message; your password stays the same.`,
    secrets: [code],
  });
}

export async function resetPassword(
  { db, now }: AuthDeps,
  input: { email: string; contactNumber: string; code: string; newPassword: string },
): Promise<void> {
  refusePassword(input.newPassword, input, 'newPassword');

  const user = await findCredentialsByEmail(db, input.email);
  const reset = user && !user.deactivated && user.contactNumber === input.contactNumber ? await findLatestReset(db, user.id) : null;
  const usable =
    reset !== null &&
    reset.usedAt === null &&
    new Date(reset.expiresAt).getTime() > now.getTime() &&
    reset.failedAttempts < LIMITS.wrongCodesPerReset;
  if (!user || !reset || !usable) {
    await verifyAgainstDummy(input.code);
    throw invalidResetCode();
  }
  if (!(await verifySecret(reset.codeHash, input.code))) {
    await recordWrongCode(db, reset.id);
    throw invalidResetCode();
  }

  const passwordHash = await hashSecret(input.newPassword);
  await db.transaction().execute(async (trx) => {
    if (!(await markResetUsed(trx, reset.id, now))) throw invalidResetCode();
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await deleteUserSessions(trx, user.id);
  });
}

export async function changePassword(
  { db, now }: AuthDeps,
  session: { userId: number; sessionId: number },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findCredentialsById(db, session.userId);
  // The session was valid a moment ago; an account deleted since then is simply signed out.
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');

  // A stolen session must not become a way to guess the password at leisure.
  const failuresKey = `password-check-fail:${user.id}`;
  await checkLimit(db, now, { key: failuresKey, ...LIMITS.failedPasswordChecksPerUser });
  if (!(await verifySecret(user.passwordHash, input.currentPassword))) {
    await recordHit(db, now, failuresKey, LIMITS.failedPasswordChecksPerUser.windowMs);
    throw badRequest(AuthMessages.currentPasswordWrong, { currentPassword: AuthMessages.currentPasswordWrong });
  }
  await clearHits(db, failuresKey);
  refusePassword(input.newPassword, user, 'newPassword');

  const passwordHash = await hashSecret(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await deleteUserSessions(trx, user.id, session.sessionId);
  });
}

/**
 * Creates an ADMIN (only `npm run create-admin` does this; sign-up never can). The password must
 * pass the same rules as everyone's.
 */
export async function createAdmin(
  { db, now }: Omit<AuthDeps, 'notifier'>,
  input: { email: string; fullName: string; password: string; contactNumber: string; location: string },
): Promise<number> {
  refusePassword(input.password, input, 'password');
  if (await emailExists(db, input.email)) throw emailTaken();
  const passwordHash = await hashSecret(input.password);
  try {
    return await insertUser(
      db,
      { fullName: input.fullName, email: input.email, contactNumber: input.contactNumber, passwordHash, location: input.location, role: 'ADMIN', fssaiLicenseNumber: null },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
