import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/http-errors';
import { coded } from '@annadaan/contract/message-codes';
import { WorkGate } from '../../lib/work-gate';

/**
 * OWASP's argon2id profile (19 MiB, 2 passes, 1 lane). @node-rs/argon2 defaults to argon2id; its
 * `Algorithm` const enum cannot be imported under isolatedModules, and a unit test pins the variant.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

/** False for a wrong secret and for a stored value that is not an argon2 hash. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real hash, for paths where there is no account: the answer
 * then takes as long whether or not the email exists.
 */
export async function verifyAgainstDummy(secret: string): Promise<void> {
  dummyHash ??= hashSecret('dummy password that matches no account');
  await verifySecret(await dummyHash, secret);
}

/**
 * Who is asking for hashing work. Sign-in, sign-up and password change may fill the whole queue;
 * password-reset work (which anyone can ask for about any account) only half of it, so a flood of
 * reset requests leaves room for people signing in.
 */
export type HashingPriority = 'account' | 'reset';

export const serverBusy = () => new AppError(503, 'SERVER_BUSY', coded('SERVER_BUSY'), { headers: { 'retry-after': '1' } });

/**
 * The server's hashing, behind one WorkGate: a burst of hashing requests gets 503 with Retry-After
 * once the queue is full instead of making every sign-in wait behind it.
 */
export function createPasswordHasher(options: { concurrency: number; queueSize: number }) {
  const gate = new WorkGate(options.concurrency, options.queueSize);
  const limits: Record<HashingPriority, number> = { account: options.queueSize, reset: Math.floor(options.queueSize / 2) };

  async function gated<T>(priority: HashingPriority, work: () => Promise<T>): Promise<T> {
    const slot = gate.tryAcquire(limits[priority]);
    if (!slot) throw serverBusy();
    const release = await slot;
    try {
      return await work();
    } finally {
      release();
    }
  }

  return {
    gate,
    hash: (priority: HashingPriority, secret: string) => gated(priority, () => hashSecret(secret)),
    verify: (priority: HashingPriority, storedHash: string, secret: string) => gated(priority, () => verifySecret(storedHash, secret)),
    verifyAgainstDummy: (priority: HashingPriority, secret: string) => gated(priority, () => verifyAgainstDummy(secret)),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
