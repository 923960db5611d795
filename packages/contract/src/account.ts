import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

/** What the profile page and the API say about exporting and deleting an account (issue 16). */
export const AccountMessages = {
  deleted: 'Your account has been deleted.',
  passwordNeeded: 'Enter your current password to delete your account.',
} as const;

/** The name shown wherever a deleted account appeared. */
export const DELETED_USER_NAME = 'Deleted user';

/** `DELETE /api/me`: the current password, so a session left open cannot end the account. */
export const DeleteAccountInputSchema = z.object({
  currentPassword: z
    .string({ error: AccountMessages.passwordNeeded })
    .min(1, AccountMessages.passwordNeeded)
    .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;
