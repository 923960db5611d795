import { type MessageCode, msg } from './coded-message';
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
  error: msg('ROLE_CHOOSE'),
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

export const PhoneSchema = z.string({ error: msg('PHONE_NEEDED') }).transform((value, ctx) => {
  const normalized = normalizeIndianMobile(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: msg('PHONE_INVALID') });
    return z.NEVER;
  }
  return normalized;
});

export const EmailSchema = z
  .string({ error: msg('EMAIL_NEEDED') })
  .trim()
  .toLowerCase()
  .max(254, msg('EMAIL_TOO_LONG'))
  .pipe(z.email(msg('EMAIL_INVALID')));

export const IdParamSchema = z.object({
  id: z.coerce
    .number({ error: msg('ID_NOT_NUMBER') })
    .int(msg('ID_NOT_WHOLE'))
    .positive(msg('ID_NOT_POSITIVE'))
    .max(2_147_483_647, msg('ID_TOO_LARGE')),
});

/**
 * Free text with its own messages per field, so every language words the whole sentence ("Full
 * name is required.", "Location must be at most 200 characters."): the codes `<label>_REQUIRED`
 * and `<label>_TOO_LONG`. The English label fills `{{label}}` of TEXT_EXPECTED and TRUE_OR_FALSE.
 */
export const TEXT_LABELS = {
  FULL_NAME: 'Full name',
  LOCATION: 'Location',
  NAME: 'Name',
  SUBJECT: 'Subject',
  MESSAGE: 'Message',
  REASON: 'A reason',
  ADDRESS: 'Address',
  DETAILS: 'Details',
  ALTERNATIVE_FOOD: 'Alternative food',
  FOOD_DESCRIPTION: 'Food description',
  CITY: 'City',
  NOTE: 'A note',
} as const;
export type TextLabel = keyof typeof TEXT_LABELS;
/** The labels that also say "... is required." */
type RequiredLabelOf<Code> = Code extends `${infer Label}_REQUIRED` ? Label : never;
export type RequiredTextLabel = Extract<TextLabel, RequiredLabelOf<MessageCode>>;

/** "<label> must be at most {{max}} characters." (the catalog has one per label: a compile error here names a missing one). */
export const tooLongMessage = (label: TextLabel, max: number): string => msg(`${label}_TOO_LONG` satisfies MessageCode as 'NAME_TOO_LONG', { max });
const requiredMessage = (label: RequiredTextLabel): string => msg(`${label}_REQUIRED` satisfies MessageCode as 'NAME_REQUIRED');

/** Required free text: trimmed, not empty, bounded. */
export function requiredText(label: RequiredTextLabel, max: number) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, tooLongMessage(label, max));
}

/** Optional free text: trimmed and bounded; empty stays empty. */
export function optionalText(label: TextLabel, max: number) {
  return z.string().trim().max(max, tooLongMessage(label, max));
}
