import { AuthMessages, passwordPersonalProblem } from '@annadaan/contract/auth';
import commonPasswords from './common-passwords.json' with { type: 'json' };

/** Loaded once per process; entries are lower-cased. See common-passwords.NOTICE.md. */
const COMMON = new Set<string>(commonPasswords);

export function commonPasswordCount(): number {
  return COMMON.size;
}

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * The server-side password rules beyond length (which the contract schema checks): not a common
 * password, no email name, no phone digits, and a zxcvbn score of at least 3 counting the
 * person's own details (contract `passwordStrength`, the same the forms' meter shows). Returns
 * the message to show, or null. zxcvbn and its dictionaries (34 MiB and over a second of a busy
 * core to load) come with the first password checked, not at the server's start (decision 047).
 */
export async function passwordProblem(password: string, person: { email?: string; contactNumber?: string; fullName?: string }): Promise<string | null> {
  if (isCommonPassword(password)) return AuthMessages.passwordCommon;
  const personal = passwordPersonalProblem(password, person);
  if (personal) return personal;
  const details = [person.fullName, person.email, person.contactNumber].filter((value): value is string => Boolean(value));
  const { passwordStrength } = await import('@annadaan/contract/password-strength');
  return passwordStrength(password, details).message;
}
