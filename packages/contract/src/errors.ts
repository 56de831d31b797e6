import { z } from 'zod';
import { errorCodeSchema } from './error-code-schema.js';

/** One field-level problem, in the `{path, msg}` form the spec's register call uses. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  msg: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every error the API answers has this body (product-rules: API calls: errors are read from `message`); clients
 * decide on `code` (`error-codes.ts`), people read `message`.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The upload's error body: product-rules: API calls reads upload errors from `error`, which repeats `message`. */
export const uploadErrorBodySchema = errorBodySchema.extend({ error: z.string() });
export type UploadErrorBody = z.infer<typeof uploadErrorBodySchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** Server messages the web app matches on or shows verbatim. */
export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  invalidToken: 'Invalid or expired token',
  notVerified:
    'Email not verified. Please verify your email with the code we sent, or request a new one.',
  alreadyRegistered: 'Email already registered. Please login to your account.',
  alreadyRegisteredUnverified:
    'Email already registered but not verified. You can resend the OTP to verify your email.',
  tooManyAttempts: 'Too many attempts. Please wait a moment before trying again.',
  resendTooSoon: 'Please wait a minute before requesting another code.',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'This code has expired. Please request a new one.',
  otpAttemptsExceeded: 'Too many wrong codes. Please request a new one.',
  alreadyVerified: 'Email is already verified. Please login.',
  unknownEmail: 'No account is waiting for verification with this email.',
  forbidden: 'You do not have permission to do this.',
  purchaseSubscription: 'Purchase Subscription to access this page',
  contactAdmin: 'Contact your firm admin to purchase a subscription',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  invalidInput: 'Please check your input and try again.',
  nulCharacter: 'Text must not contain the NUL character (\\u0000).',
  addressInvalid: 'The address is not valid.',
  addressTooLong: 'The address is too long.',
} as const;
