import { passwordPersonalProblem } from '@annadaan/contract/auth';
import { type CodedMessage, coded } from '@annadaan/contract/message-codes';
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
export async function passwordProblem(password: string, person: { email?: string; contactNumber?: string; fullName?: string }): Promise<CodedMessage | null> {
  if (isCommonPassword(password)) return coded('PASSWORD_TOO_COMMON');
  const personal = passwordPersonalProblem(password, person);
  if (personal) return personal;
  const details = [person.fullName, person.email, person.contactNumber].filter((value): value is string => Boolean(value));
  const { passwordStrength } = await import('@annadaan/contract/password-strength');
  const { message } = passwordStrength(password, details);
  // zxcvbn's advice after the code's own text is English only (CodedMessage.english).
  return message === null ? null : { ...coded('PASSWORD_TOO_EASY'), english: message };
}
