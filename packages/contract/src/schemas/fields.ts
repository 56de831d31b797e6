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

/**
 * A whole-number query parameter from `min` to `max`, with one plain message for every way it
 * can be wrong (not a number, a fraction, out of range).
 */
export const wholeNumberParam = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min.toLocaleString('en-GB')} to ${max.toLocaleString('en-GB')}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const SEARCH_MAX = 100;

/** The `search` query parameter of the lists. */
export const searchParam = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
  .optional();
