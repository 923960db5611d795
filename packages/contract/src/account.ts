import { msg } from './coded-message';
import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

/** The name shown wherever a deleted account appeared. */
export const DELETED_USER_NAME = 'Deleted user';

/** `DELETE /api/me`: the current password, so a session left open cannot end the account. */
export const DeleteAccountInputSchema = z.object({
  currentPassword: z
    .string({ error: msg('CURRENT_PASSWORD_NEEDED_FOR_DELETE') })
    .min(1, msg('CURRENT_PASSWORD_NEEDED_FOR_DELETE'))
    .max(PASSWORD_MAX, msg('TOO_LONG', { max: PASSWORD_MAX })),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;
