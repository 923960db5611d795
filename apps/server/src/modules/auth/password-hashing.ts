import { hash, verify } from '@node-rs/argon2';

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
