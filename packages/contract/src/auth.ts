import { type CodedMessage, coded, msg } from './coded-message';
import { z } from 'zod';
import { EmailSchema, PhoneSchema, RoleSchema, SelfRegisterRoleSchema, optionalText, requiredText } from './common';
import { LANGUAGE_CODES } from './language';
import { TERMS_VERSION } from './terms';
import { PhotoSchema } from './photos';

/** A language the app speaks (language.ts lists them). */
export const LanguageSchema = z.enum(LANGUAGE_CODES, { error: msg('LANGUAGE_CHOOSE', { languages: LANGUAGE_CODES.join(', ') }) });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PasswordSchema = z
  .string({ error: msg('PASSWORD_NEEDED') })
  .min(PASSWORD_MIN, msg('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, msg('TOO_LONG', { max: PASSWORD_MAX }));

/** Email names shorter than this would forbid too many ordinary passwords. */
const MIN_EMAIL_NAME_IN_PASSWORD = 3;

/**
 * The personal-details rule: a password must not contain the part of the email before the @ or
 * the 10 phone digits. Returns the message to show, or null. The common-password list lives on
 * the server only.
 */
export function passwordPersonalProblem(password: string, person: { email?: string; contactNumber?: string }): CodedMessage | null {
  const lowered = password.toLowerCase();
  const emailName = (person.email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  if (emailName.length >= MIN_EMAIL_NAME_IN_PASSWORD && lowered.includes(emailName)) return coded('PASSWORD_HAS_EMAIL');
  const phoneDigits = (person.contactNumber ?? '').replace(/\D/g, '').slice(-10);
  if (phoneDigits.length === 10 && password.replace(/[\s-]/g, '').includes(phoneDigits)) return coded('PASSWORD_HAS_PHONE');
  return null;
}

export const FssaiLicenseSchema = z
  .string()
  .trim()
  .regex(/^\d{14}$/, msg('FSSAI_LICENCE_DIGITS'));

export const RegisterInputSchema = z.object({
  fullName: requiredText('FULL_NAME', 100),
  contactNumber: PhoneSchema,
  email: EmailSchema,
  password: PasswordSchema,
  location: requiredText('LOCATION', 200),
  role: SelfRegisterRoleSchema.default('DONOR'),
  // An empty licence is the same as none; receivers' licences are ignored by the server.
  fssaiLicenseNumber: z.preprocess((value) => (value === '' || value === null ? undefined : value), FssaiLicenseSchema.optional()),
  /**
   * The terms version the person ticked (TERMS_VERSION); stored with the time. Optional so clients
   * made before it was sent keep working: their form cannot submit without the tick, and the server
   * records the current version for them (docs/decisions/030).
   */
  acceptedTermsVersion: z.literal(TERMS_VERSION, { error: msg('TERMS_CHANGED') }).optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: msg('PASSWORD_ENTER') })
    .min(1, msg('PASSWORD_ENTER'))
    .max(PASSWORD_MAX, msg('TOO_LONG', { max: PASSWORD_MAX })),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const AuthResponseSchema = z.object({
  accessToken: z.string(),
  role: RoleSchema,
  message: z.string().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RegisterResponseSchema = AuthResponseSchema.required({ message: true });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const ForgotPasswordInputSchema = z.object({
  email: EmailSchema,
  contactNumber: PhoneSchema,
});
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInputSchema>;

export const ResetCodeSchema = z
  .string({ error: msg('RESET_CODE_NEEDED') })
  .trim()
  .regex(/^\d{6}$/, msg('RESET_CODE_NEEDED'));

export const ResetPasswordInputSchema = z.object({
  email: EmailSchema,
  contactNumber: PhoneSchema,
  code: ResetCodeSchema,
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: msg('CURRENT_PASSWORD_NEEDED') })
    .min(1, msg('CURRENT_PASSWORD_NEEDED'))
    .max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/** A picture stored by our own upload endpoint. */
export const UploadUrlSchema = z
  .string()
  .trim()
  .regex(/^\/uploads\/[A-Za-z0-9_-]{16,64}\.webp$/, msg('PICTURE_UPLOAD_FIRST'));

export const UserDataSchema = z.object({
  address: z.string(),
  alternateContact: z.string(),
  displayPictureUrl: z.string(),
});

export const ProfileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  location: z.string(),
  role: RoleSchema,
  profileActive: z.boolean(),
  fssaiLicenseNumber: z.string().nullable(),
  /** 'Show my contact details in the directory'; off unless the person turns it on. */
  showContactInDirectory: z.boolean(),
  userData: UserDataSchema,
  /** The app language chosen on the account (issue 17); null until chosen, when the browser's language applies. */
  language: LanguageSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const optionalPhone = z.preprocess((value) => (value === null ? '' : value), z.union([z.literal(''), PhoneSchema]));

/** Every field may be left out; email, role and id are not fields here, so they can never change. */
export const UpdateProfileInputSchema = z.object({
  fullName: requiredText('FULL_NAME', 100).optional(),
  contactNumber: PhoneSchema.optional(),
  location: requiredText('LOCATION', 200).optional(),
  address: optionalText('ADDRESS', 300).optional(),
  alternateContact: optionalPhone.optional(),
  displayPictureUrl: z.union([z.literal(''), UploadUrlSchema]).optional(),
  profileActive: z.boolean({ error: msg('PROFILE_ACTIVE_CHOOSE') }).optional(),
  showContactInDirectory: z.boolean({ error: msg('DIRECTORY_SHOW_CHOOSE') }).optional(),
  language: LanguageSchema.optional(),
  /** Needed only when the phone number changes: the number password-reset codes go to. */
  currentPassword: z
    .string()
    .max(PASSWORD_MAX, msg('TOO_LONG', { max: PASSWORD_MAX }))
    .optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

/** The upload's URL (what a profile or donation stores) and, since issue 18, its photo for `srcset`. */
export const UploadResponseSchema = z.object({ url: z.string(), photo: PhotoSchema });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
