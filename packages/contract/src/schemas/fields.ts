import { z } from 'zod';

/** Deliberately simple: the server sends a code to the address, which is the real check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

/** A string field that reports a missing value with the same message as an empty one. */
export const requiredString = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

export const emailField = (messages: { required: string; invalid: string }) =>
  requiredString(messages.required)
    .max(EMAIL_MAX, messages.invalid)
    .regex(EMAIL_PATTERN, messages.invalid)
    .toLowerCase();
