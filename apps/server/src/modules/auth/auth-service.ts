import crypto from 'node:crypto';
import { TERMS_VERSION } from '@annadaan/contract/terms';
import type { Role } from '@annadaan/contract/common';
import { suspendedMessage } from '@annadaan/contract/moderation';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { DAY, HOUR, MINUTE, toIso } from '../../lib/clock';
import { AppError, appError, badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { coded } from '@annadaan/contract/message-codes';
import { claimBackoffAttempt, clearHits, consumeLimit, markSeen, recordHit, seenSince } from '../../plugins/rate-limit';
import { notices, recordNotification } from '../notifications/notifications-service';
import { message, recipientLanguage, word } from '../notifications/messages/messages';
import type { Notifier } from '../notifications/notifier';
import { type PasswordHasher, hashSecret } from './password-hashing';
import { passwordProblem } from './password-policy';
import { claimCodeAttempt, findLatestReset, insertPasswordReset, markResetUsed } from './password-resets-repository';
import { createSession, deleteUserSessions } from './sessions-repository';
import { emailExists, findCredentialsByEmail, findCredentialsById, insertUser, updatePasswordHash } from './users-repository';

/** Every number is explained in docs/decisions/014-limits-under-concurrency.md. */
export const LIMITS = {
  signupsPerAddress: { limit: 20, windowMs: HOUR },
  loginsPerAddress: { limit: 30, windowMs: MINUTE },
  failedLoginsPerAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE },
  /** Consecutive failures for one account from any address (NIST SP 800-63B: at most 100). */
  failedLoginsPerAccount: { free: 20, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, hardLimit: 100 },
  /** An address that signed into the account within this time skips the account's wait. */
  knownAddressMs: 30 * DAY,
  resetRequestsPerAccount: { limit: 5, windowMs: 30 * MINUTE },
  resetRequestsPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  resetAttemptsPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  wrongCodesPerReset: 5,
  failedPasswordChecksPerUser: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export const RESET_CODE_LIFETIME_MS = 15 * MINUTE;

export interface AuthDeps {
  db: Kysely<Database>;
  now: Date;
  notifier: Notifier;
  hasher: PasswordHasher;
  /** Sends a reset code by SMS too, to a verified number, in the background (decision 049). */
  smsResetCode?: (userId: number, code: string, now: Date) => void;
}

export interface SignedIn {
  accessToken: string;
  role: Role;
}

const emailTaken = () => appError(409, 'EMAIL_TAKEN', 'EMAIL_TAKEN').onField('email');
const invalidLogin = () => appError(401, 'INVALID_CREDENTIALS', 'INVALID_LOGIN');
const invalidResetCode = () => badRequest('RESET_CODE_INVALID').onField('code');
const resetRequired = () => appError(423, 'PASSWORD_RESET_REQUIRED', 'PASSWORD_RESET_REQUIRED');

const accountFailuresKey = (email: string) => `login-fail-account:${email}`;

async function refusePassword(password: string, person: { email: string; contactNumber: string }, field: string) {
  const problem = await passwordProblem(password, person);
  if (problem) throw badRequest(problem).onField(field);
}

export async function register(
  { db, now, hasher }: AuthDeps,
  input: {
    fullName: string;
    contactNumber: string;
    email: string;
    password: string;
    location: string;
    role: 'DONOR' | 'RECEIVER';
    fssaiLicenseNumber?: string | undefined;
    acceptedTermsVersion?: string | undefined;
  },
  address: string,
): Promise<SignedIn> {
  await refusePassword(input.password, input, 'password');
  // Counted before any work, so a burst cannot all pass a limit that is only read; every attempt
  // that passes the form's rules counts, an email already taken included (it tells that it exists).
  await consumeLimit(db, now, { key: `signup-ip:${address}`, ...LIMITS.signupsPerAddress });
  if (await emailExists(db, input.email)) throw emailTaken();

  const passwordHash = await hasher.hash('account', input.password);
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
          // A client that does not send the version could not submit its form unticked either (decision 030).
          termsVersion: input.acceptedTermsVersion ?? TERMS_VERSION,
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
  return { accessToken, role: input.role };
}

/**
 * Every try is counted before the password is checked (as a failure, cleared on success), so a
 * burst of parallel guesses gets no more checks than the limits allow. Unknown emails are counted
 * and throttled the same way, so the limits reveal nothing about who has an account.
 */
export async function login({ db, now, hasher }: AuthDeps, input: { email: string; password: string }, address: string): Promise<SignedIn> {
  await consumeLimit(db, now, { key: `login-ip:${address}`, ...LIMITS.loginsPerAddress });
  const failuresKey = `login-fail:${address}:${input.email}`;
  await consumeLimit(db, now, { key: failuresKey, ...LIMITS.failedLoginsPerAccountAndAddress });

  const knownAddressKey = `login-ok:${address}:${input.email}`;
  const knownAddress = await seenSince(db, knownAddressKey, new Date(now.getTime() - LIMITS.knownAddressMs));
  const accountKey = accountFailuresKey(input.email);
  const claim = await claimBackoffAttempt(db, now, { key: accountKey, ...LIMITS.failedLoginsPerAccount }, { ignoreWait: knownAddress });
  if (!claim.claimed) {
    if (claim.retryAfterSeconds === null) throw resetRequired();
    throw tooManyRequests(claim.retryAfterSeconds, coded('SIGN_IN_ATTEMPTS_EXCEEDED'));
  }

  const user = await findCredentialsByEmail(db, input.email);
  let passwordMatches = false;
  if (user) passwordMatches = await hasher.verify('account', user.passwordHash, input.password);
  else await hasher.verifyAgainstDummy('account', input.password);

  if (!user || !passwordMatches) throw invalidLogin();
  await clearHits(db, failuresKey);
  await clearHits(db, accountKey);
  await markSeen(db, now, knownAddressKey);
  // Told only to someone who knows the password, so it reveals nothing about who has an account.
  if (user.deactivated) throw forbidden('ACCOUNT_DEACTIVATED');
  if (user.suspendedUntil !== null && user.suspendedUntil > toIso(now)) {
    // The instant itself, for clients that show the date in their reader's language and format.
    throw new AppError(403, 'ACCOUNT_SUSPENDED', suspendedMessage(user.suspendedUntil), { params: { until: user.suspendedUntil } });
  }
  return { accessToken: await createSession(db, user.id, now), role: user.role };
}

/** Never says whether the details matched: the caller answers the same either way. */
/**
 * Never says whether the details matched: the caller answers the same either way. The client's
 * address is limited first (429, which says nothing about any account), before any hashing.
 */
export async function requestPasswordReset(
  { db, now, notifier, hasher, smsResetCode }: AuthDeps,
  input: { email: string; contactNumber: string },
  address: string,
): Promise<void> {
  await consumeLimit(db, now, { key: `reset-request-ip:${address}`, ...LIMITS.resetRequestsPerAddress });
  const user = await findCredentialsByEmail(db, input.email);
  if (!user || user.deactivated || user.contactNumber !== input.contactNumber) {
    // Costs about what the matching path costs, so timing does not tell them apart.
    await hasher.hash('reset', '000000');
    return;
  }
  // Counted before the code is made: parallel requests cannot all see room under the cap.
  const { limit, windowMs } = LIMITS.resetRequestsPerAccount;
  const issued = await recordHit(db, now, `reset-issue:${user.id}`, windowMs);
  if (issued.count > limit) {
    await hasher.hash('reset', '000000');
    return;
  }

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  // argon2 rather than a fast hash: a leaked table would otherwise give up a 6-digit code at once.
  const codeHash = await hasher.hash('reset', code);
  await db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, { userId: user.id, codeHash, expiresAt: new Date(now.getTime() + RESET_CODE_LIFETIME_MS) }, now);
    // Seen only by the owner once signed in; says nothing about the code.
    await recordNotification(trx, notices.resetRequested(user.id), now);
  });
  const language = recipientLanguage(user.language);
  await notifier.send({
    to: { email: user.email, contactNumber: user.contactNumber },
    subject: word(message('resetCode.subject'), language),
    text: word(message('resetCode.text', { code }), language),
    secrets: [code],
  });
  smsResetCode?.(user.id, code, now);
}

export async function resetPassword(
  { db, now, hasher }: AuthDeps,
  input: { email: string; contactNumber: string; code: string; newPassword: string },
  address: string,
): Promise<void> {
  await refusePassword(input.newPassword, input, 'newPassword');
  await consumeLimit(db, now, { key: `reset-attempt-ip:${address}`, ...LIMITS.resetAttemptsPerAddress });

  const user = await findCredentialsByEmail(db, input.email);
  const reset = user && !user.deactivated && user.contactNumber === input.contactNumber ? await findLatestReset(db, user.id) : null;
  // One of the code's 5 tries is taken before the code is checked, in one conditional update:
  // parallel guesses beyond the 5th find no try left and are never evaluated.
  const claimed = reset ? await claimCodeAttempt(db, reset.id, LIMITS.wrongCodesPerReset, now) : false;
  if (!user || !reset || !claimed) {
    await hasher.verifyAgainstDummy('reset', input.code);
    throw invalidResetCode();
  }
  if (!(await hasher.verify('reset', reset.codeHash, input.code))) throw invalidResetCode();

  const passwordHash = await hasher.hash('reset', input.newPassword);
  await db.transaction().execute(async (trx) => {
    if (!(await markResetUsed(trx, reset.id, now))) throw invalidResetCode();
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await deleteUserSessions(trx, user.id);
    await recordNotification(trx, notices.passwordReset(user.id), now);
  });
  // A new password ends any sign-in throttle on the account: the way back for someone whose
  // account was flooded with wrong passwords.
  await clearHits(db, accountFailuresKey(user.email));
}

export async function changePassword(
  { db, now, hasher }: AuthDeps,
  session: { userId: number; sessionId: number },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findCredentialsById(db, session.userId);
  // The session was valid a moment ago; an account deleted since then is simply signed out.
  if (!user) throw unauthorized();

  // A stolen session must not become a way to guess the password at leisure.
  const failuresKey = `password-check-fail:${user.id}`;
  // Counted first (as a failure, cleared on success), so parallel guesses cannot all be checked.
  await consumeLimit(db, now, { key: failuresKey, ...LIMITS.failedPasswordChecksPerUser });
  if (!(await hasher.verify('account', user.passwordHash, input.currentPassword))) {
    throw badRequest('CURRENT_PASSWORD_WRONG').onField('currentPassword');
  }
  await clearHits(db, failuresKey);
  await refusePassword(input.newPassword, user, 'newPassword');

  const passwordHash = await hasher.hash('account', input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash, now);
    await deleteUserSessions(trx, user.id, session.sessionId);
    await recordNotification(trx, notices.passwordChanged(user.id), now);
  });
}

/**
 * Creates an ADMIN (only `npm run create-admin` does this; sign-up never can). The password must
 * pass the same rules as everyone's.
 */
export async function createAdmin(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  input: { email: string; fullName: string; password: string; contactNumber: string; location: string },
): Promise<number> {
  await refusePassword(input.password, input, 'password');
  if (await emailExists(db, input.email)) throw emailTaken();
  const passwordHash = await hashSecret(input.password);
  try {
    return await insertUser(
      db,
      {
        fullName: input.fullName,
        email: input.email,
        contactNumber: input.contactNumber,
        passwordHash,
        location: input.location,
        role: 'ADMIN',
        fssaiLicenseNumber: null,
      },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
