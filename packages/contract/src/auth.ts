import { z } from 'zod';
import { EmailSchema, PhoneSchema, RoleSchema, SelfRegisterRoleSchema, optionalText, requiredText } from './common';
import { LANGUAGE_CODES } from './language';
import { TERMS_VERSION } from './terms';
import { PhotoSchema } from './photos';

/** A language the app speaks (language.ts lists them). */
export const LanguageSchema = z.enum(LANGUAGE_CODES, { error: `Choose one of: ${LANGUAGE_CODES.join(', ')}.` });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

/** Messages both sides show word for word. */
export const AuthMessages = {
  registered: 'Registration successful!',
  emailTaken: 'This email is already registered.',
  invalidLogin: 'Invalid email or password.',
  deactivated: 'This account has been deactivated. Please contact support.',
  resetRequested:
    'If the email and contact number match an account, a 6-digit reset code has been sent to it. The code is valid for 15 minutes.',
  resetDone: 'Password reset successful!',
  // One message for a wrong, expired, used or voided code and for details that match no account,
  // so this step cannot tell anyone whether an email and number belong together.
  resetCodeInvalid: 'This code is not correct or is no longer valid. Check it, or request a new code.',
  passwordChanged: 'Password updated successfully!',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordNeeded: 'Enter your current password to change your phone number.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordHasEmail: 'The password must not contain your email name.',
  passwordHasPhone: 'The password must not contain your phone number.',
  termsChanged: 'The Terms and Conditions have changed. Reload the page, read them and accept them again.',
} as const;

/** Email names shorter than this would forbid too many ordinary passwords. */
const MIN_EMAIL_NAME_IN_PASSWORD = 3;

/**
 * The personal-details rule: a password must not contain the part of the email before the @ or
 * the 10 phone digits. Returns the message to show, or null. The common-password list lives on
 * the server only.
 */
export function passwordPersonalProblem(password: string, person: { email?: string; contactNumber?: string }): string | null {
  const lowered = password.toLowerCase();
  const emailName = (person.email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  if (emailName.length >= MIN_EMAIL_NAME_IN_PASSWORD && lowered.includes(emailName)) return AuthMessages.passwordHasEmail;
  const phoneDigits = (person.contactNumber ?? '').replace(/\D/g, '').slice(-10);
  if (phoneDigits.length === 10 && password.replace(/[\s-]/g, '').includes(phoneDigits)) return AuthMessages.passwordHasPhone;
  return null;
}

export const FssaiLicenseSchema = z
  .string()
  .trim()
  .regex(/^\d{14}$/, 'An FSSAI licence number has exactly 14 digits.');

export const RegisterInputSchema = z.object({
  fullName: requiredText('Full name', 100),
  contactNumber: PhoneSchema,
  email: EmailSchema,
  password: PasswordSchema,
  location: requiredText('Location', 200),
  role: SelfRegisterRoleSchema.default('DONOR'),
  // An empty licence is the same as none; receivers' licences are ignored by the server.
  fssaiLicenseNumber: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    FssaiLicenseSchema.optional(),
  ),
  /**
   * The terms version the person ticked (TERMS_VERSION); stored with the time. Optional so clients
   * made before it was sent keep working: their form cannot submit without the tick, and the server
   * records the current version for them (docs/decisions/030).
   */
  acceptedTermsVersion: z.literal(TERMS_VERSION, { error: AuthMessages.termsChanged }).optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
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
  .string({ error: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

export const ResetPasswordInputSchema = z.object({
  email: EmailSchema,
  contactNumber: PhoneSchema,
  code: ResetCodeSchema,
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/** A picture stored by our own upload endpoint. */
export const UploadUrlSchema = z
  .string()
  .trim()
  .regex(/^\/uploads\/[A-Za-z0-9_-]{16,64}\.webp$/, 'Upload the picture first.');

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
  fullName: requiredText('Full name', 100).optional(),
  contactNumber: PhoneSchema.optional(),
  location: requiredText('Location', 200).optional(),
  address: optionalText('Address', 300).optional(),
  alternateContact: optionalPhone.optional(),
  displayPictureUrl: z.union([z.literal(''), UploadUrlSchema]).optional(),
  profileActive: z.boolean({ error: 'Choose active or inactive.' }).optional(),
  showContactInDirectory: z.boolean({ error: 'Choose whether to show your contact details in the directory.' }).optional(),
  language: LanguageSchema.optional(),
  /** Needed only when the phone number changes: the number password-reset codes go to. */
  currentPassword: z.string().max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`).optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

/** The upload's URL (what a profile or donation stores) and, since issue 18, its photo for `srcset`. */
export const UploadResponseSchema = z.object({ url: z.string(), photo: PhotoSchema });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
