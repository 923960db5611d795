import { z } from 'zod';

const MessageParamsSchema = z.record(z.string(), z.string());

/**
 * The one error shape of every 4xx and 5xx answer. `message` is English and `code` a class of
 * failure (both as the first clients expect); `messageCode` and `params` name the message in
 * message-codes.ts, so a client shows it in its reader's language, and `fieldErrorCodes` do the
 * same for each of `fieldErrors` (docs/decisions/032-error-codes.md).
 */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  messageCode: z.string().optional(),
  params: MessageParamsSchema.optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  fieldErrorCodes: z.record(z.string(), z.object({ code: z.string(), params: MessageParamsSchema.optional() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const Role = {
  DONOR: 'DONOR',
  RECEIVER: 'RECEIVER',
  VOLUNTEER: 'VOLUNTEER',
  ADMIN: 'ADMIN',
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const RoleSchema = z.enum([Role.DONOR, Role.RECEIVER, Role.VOLUNTEER, Role.ADMIN]);

/** Roles a person may choose at sign-up. */
export const SelfRegisterRoleSchema = z.enum([Role.DONOR, Role.RECEIVER], {
  error: 'Choose Donor or Receiver.',
});

export { extractPinCode } from './pin-code';

/** What people type between the digits of a phone number. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
/** 10 digits starting with 6-9, after an optional +91, 0091, 91 or trunk 0. */
const INDIAN_MOBILE = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/;

/**
 * An Indian mobile number as people write it: "98765 43210", "+91 98765-43210", "+919876543210",
 * "919876543210", "09876543210" or "0091 98765 43210". Returns the stored form `+91XXXXXXXXXX`
 * (the country code once), or null when it is not one.
 */
export function normalizeIndianMobile(input: string): string | null {
  const match = INDIAN_MOBILE.exec(input.replace(PHONE_SEPARATORS, ''));
  return match ? `+91${match[1]}` : null;
}

/**
 * How the API returns a number: the 10 national digits, since every client shows its own "+91"
 * beside them (the spec's client writes "+91 {number}"). Anything that is not an Indian mobile
 * number, such as an empty alternate contact, goes out as it is.
 */
export function nationalMobile(phone: string): string {
  const normalized = normalizeIndianMobile(phone);
  return normalized ? normalized.slice(3) : phone;
}

export const PhoneSchema = z
  .string({ error: 'Enter a 10-digit Indian mobile number.' })
  .transform((value, ctx) => {
    const normalized = normalizeIndianMobile(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.' });
      return z.NEVER;
    }
    return normalized;
  });

export const EmailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const IdParamSchema = z.object({
  id: z.coerce.number({ error: 'The id must be a number.' }).int('The id must be a whole number.').positive('The id must be positive.').max(2_147_483_647, 'The id is too large.'),
});

/** Required free text: trimmed, not empty, bounded. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** Optional free text: trimmed and bounded; empty stays empty. */
export function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters.`);
}
