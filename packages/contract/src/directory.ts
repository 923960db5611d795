import { msg } from './coded-message';
import { z } from 'zod';
import { Role, RoleSchema } from './common';
import { PageQueryShape, optionalQueryText, queryBoolean } from './paging';

const MASK = '•••';

/**
 * `rahul@gmail.com` → `r•••@gmail.com`: the first letter of the name and the whole domain, so a
 * person can recognise their own card but a stranger learns little.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : MASK;
  return `${email.slice(0, 1)}${MASK}${email.slice(at)}`;
}

/**
 * `+919876543210` → `98•••••210`: the first two and the last three of the 10 national digits (the
 * API returns numbers without their country code; clients show "+91" beside them). Anything that
 * is not an Indian mobile number keeps only its last three digits.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) return '';
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (local.length === 10) return `${local.slice(0, 2)}•••••${local.slice(7)}`;
  return local.length > 3 ? `${'•'.repeat(local.length - 3)}${local.slice(-3)}` : '•'.repeat(local.length);
}

export const DirectoryRoleFilter = { ALL: 'ALL', ...Role } as const;

/** Each filter optional; `profileActive` defaults to true as in the spec's client. */
export const DirectorySearchQuerySchema = z.object({
  role: z.preprocess(
    (value) => (value === '' || value === 'ALL' ? undefined : typeof value === 'string' ? value.toUpperCase() : value),
    z.enum([Role.DONOR, Role.RECEIVER, Role.VOLUNTEER, Role.ADMIN], { error: msg('DIRECTORY_ROLE_CHOOSE') }).optional(),
  ),
  location: optionalQueryText('LOCATION', 200),
  profileActive: queryBoolean('profileActive').default(true),
  ...PageQueryShape,
});
export type DirectorySearchQuery = z.output<typeof DirectorySearchQuerySchema>;

/** One card. Email and phone are masked unless the person opted in, the viewer is an ADMIN, or it is the viewer's own card. */
export const DirectoryUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: RoleSchema,
  location: z.string(),
  profileActive: z.boolean(),
  displayPictureUrl: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  /** True when email and phone above are the real ones. */
  contactVisible: z.boolean(),
  /** Only admins ever see deactivated accounts; false for everyone else's results. */
  deactivated: z.boolean(),
});
export type DirectoryUser = z.infer<typeof DirectoryUserSchema>;
export const DirectoryUserListSchema = z.array(DirectoryUserSchema);
