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
 * password, no email name, no phone digits. Returns the message to show, or null.
 */
export function passwordProblem(password: string, person: { email?: string; contactNumber?: string }): string | null {
  if (isCommonPassword(password)) return AuthMessages.passwordCommon;
  return passwordPersonalProblem(password, person);
}
