import { z } from 'zod';
import {
  BUSINESS_NAME_MAX,
  EMPLOYEES_MAX,
  EMPLOYEES_MIN,
  NAME_MIN,
  OTP_LENGTH,
  PASSWORD_MIN,
} from '../constants.js';
import { employeeRoleSchema, planSchema, roleSchema } from '../roles.js';
import { revokedApiKeySchema } from './api-keys.js';
import { EMAIL_MAX, PASSWORD_MAX, emailField, requiredString } from './fields.js';

/** Validation messages of product-rules: Validation rules, shown verbatim by the forms and answered by the server. */
export const REGISTER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters long',
  nameTooLong: 'Name is too long',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password is too long',
  businessNameTooLong: 'Business name is too long',
  businessNameInvalid: 'Business name must be text',
  employeesRange: 'Number of employees must be between 1 and 10,000',
} as const;

export const LOGIN_MESSAGES = {
  roleRequired: 'Role is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password is too long',
  adminEmailRequired: 'Admin email is required',
  roleInvalid: 'Role must be one of rm, compliance, head or view',
} as const;

export const OTP_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  otpInvalid: 'The code must be 6 digits',
} as const;

const NAME_MAX = 100;

const password = (messages: { required: string; tooShort?: string; tooLong: string }) => {
  // Passwords are not trimmed: a space is a legitimate password character.
  const base = z.string({ error: messages.required }).min(1, messages.required);
  return (messages.tooShort ? base.min(PASSWORD_MIN, messages.tooShort) : base).max(
    PASSWORD_MAX,
    messages.tooLong,
  );
};

export const registerRequestSchema = z.object({
  name: requiredString(REGISTER_MESSAGES.nameRequired)
    .min(NAME_MIN, REGISTER_MESSAGES.nameTooShort)
    .max(NAME_MAX, REGISTER_MESSAGES.nameTooLong),
  email: emailField({
    required: REGISTER_MESSAGES.emailRequired,
    invalid: REGISTER_MESSAGES.emailInvalid,
  }),
  password: password({
    required: REGISTER_MESSAGES.passwordRequired,
    tooShort: REGISTER_MESSAGES.passwordTooShort,
    tooLong: REGISTER_MESSAGES.passwordTooLong,
  }),
  // Optional (product-rules: Validation rules): left out, null or blank all mean no business name.
  businessName: z
    .string({ error: REGISTER_MESSAGES.businessNameInvalid })
    .trim()
    .max(BUSINESS_NAME_MAX, REGISTER_MESSAGES.businessNameTooLong)
    .nullish()
    .transform((name) => name ?? ''),
  numberOfEmployees: z
    .number({ error: REGISTER_MESSAGES.employeesRange })
    .int(REGISTER_MESSAGES.employeesRange)
    .min(EMPLOYEES_MIN, REGISTER_MESSAGES.employeesRange)
    .max(EMPLOYEES_MAX, REGISTER_MESSAGES.employeesRange)
    .optional()
    .default(EMPLOYEES_MIN),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const loginEmail = emailField({
  required: LOGIN_MESSAGES.emailRequired,
  invalid: LOGIN_MESSAGES.emailInvalid,
});
const loginPassword = password({
  required: LOGIN_MESSAGES.passwordRequired,
  tooLong: LOGIN_MESSAGES.passwordTooLong,
});

export const loginRequestSchema = z.object({ email: loginEmail, password: loginPassword });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginOthersRequestSchema = z.object({
  role: z.enum(employeeRoleSchema.options, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? LOGIN_MESSAGES.roleRequired
        : LOGIN_MESSAGES.roleInvalid,
  }),
  email: loginEmail,
  password: loginPassword,
  adminEmail: emailField({
    required: LOGIN_MESSAGES.adminEmailRequired,
    invalid: LOGIN_MESSAGES.emailInvalid,
  }),
});
export type LoginOthersRequest = z.input<typeof loginOthersRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string(), message: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const otpEmail = emailField({
  required: OTP_MESSAGES.emailRequired,
  invalid: OTP_MESSAGES.emailInvalid,
});

export const verifyRequestSchema = z.object({
  email: otpEmail,
  otp: z
    .string({ error: OTP_MESSAGES.otpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_MESSAGES.otpInvalid),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

export const resendOtpRequestSchema = z.object({ email: otpEmail });
export type ResendOtpRequest = z.input<typeof resendOtpRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  firmId: z.string(),
  businessName: z.string(),
  adminEmail: z.string(),
  noOfFileUploads: z.number().int(),
  subscription: planSchema,
  credits: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const checkUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export type CheckUserResponse = z.infer<typeof checkUserResponseSchema>;

export { EMAIL_MAX };

/** Account basics: forgotten password, reset with an emailed code, change when signed in. */
export const PASSWORD_MESSAGES = {
  resetCodeSent:
    'If an account exists for this email, we have sent it a code to reset the password. The code is valid for 15 minutes.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  apiKeysRevoked:
    "Your firm's API keys were revoked with the old password: create new ones under API keys for the systems that used them.",
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  loggedOut: 'Logged out',
} as const;

/** How long a password reset code is valid. */
export const PASSWORD_RESET_TTL_MINUTES = 15;

/** The admin's email of an employee account; left out, null or blank mean the admin account. */
const optionalAdminEmail = z
  .union([z.literal(''), z.null(), loginEmail.optional()])
  .transform((value) => value || undefined)
  .optional();

/** The password rules of registration (spec §5), for every new password. */
const newPassword = password({
  required: REGISTER_MESSAGES.passwordRequired,
  tooShort: REGISTER_MESSAGES.passwordTooShort,
  tooLong: REGISTER_MESSAGES.passwordTooLong,
});

export const forgotPasswordRequestSchema = z.object({
  email: otpEmail,
  adminEmail: optionalAdminEmail,
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = verifyRequestSchema.extend({
  adminEmail: optionalAdminEmail,
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: password({
    required: PASSWORD_MESSAGES.currentPasswordRequired,
    tooLong: LOGIN_MESSAGES.passwordTooLong,
  }),
  newPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/**
 * The firm's API keys a password change or reset of its admin revoked (every active one; none
 * for an employee's password), so the admin knows which systems need a new key.
 */
const revokedApiKeys = z.array(revokedApiKeySchema);

/** The session that changed the password goes on with this new token; every other one ends. */
export const changePasswordResponseSchema = tokenResponseSchema.extend({ revokedApiKeys });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** A reset ends every session; the admin's API keys are revoked and listed. */
export const resetPasswordResponseSchema = z.object({ message: z.string(), revokedApiKeys });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;
