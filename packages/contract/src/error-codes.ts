import { INVALID_TOKEN_STATUS, NOT_ENOUGH_CREDITS_STATUS } from './constants.js';

/**
 * Every error body carries one of these codes beside its `message`. Clients decide on the code,
 * never on the text: messages are for people and may be reworded, codes are stable. This table
 * is the one place a code is tied to its HTTP status (see docs/architecture.md, "Errors").
 */
export const ERROR_CODE_STATUS = {
  // The generic code of each status: what an error without a more precise code answers.
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  invalid_token: INVALID_TOKEN_STATUS,
  not_enough_credits: NOT_ENOUGH_CREDITS_STATUS,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,

  // Request shape: schema validation, bodies and addresses the server cannot read.
  validation_failed: 400,
  invalid_json: 400,
  nul_character: 400,
  invalid_address: 400,

  // Accounts.
  email_registered: 400,
  email_registered_unverified: 400,
  otp_invalid: 400,
  otp_expired: 400,
  otp_attempts_exceeded: 400,
  already_verified: 400,
  unknown_email: 400,
  invalid_credentials: 401,
  email_not_verified: 403,
  resend_too_soon: 429,
  mail_unavailable: 503,

  // Access: a role or a plan the route refuses.
  role_forbidden: 403,
  subscription_required: 403,

  // Files.
  invalid_file_type: 400,
  upload_limit_reached: 403,
  file_too_large: 413,
  upload_failed: 422,
  /** A column mapping that names an unknown column or header, a header twice, or misses a column. */
  invalid_mapping: 400,
  /** Fixed rows that still fail validation: nothing of the fix was imported. */
  rows_still_invalid: 400,
  /** Rejected rows can only be fixed once their file's import has completed. */
  file_not_completed: 409,
  /** A row sent to be fixed was fixed by another request meanwhile. */
  rows_already_fixed: 409,

  // Employees and assignment.
  employee_email_taken: 409,

  // Notes (issue 20): only the author edits a note, and only for a day.
  note_not_author: 403,
  note_edit_window_closed: 409,

  // API keys and the customer feed (docs/api-feed.md).
  /** An unknown or revoked API key: the invalid-token status, as a bad session token answers. */
  invalid_api_key: INVALID_TOKEN_STATUS,
  /** An API key on a route other than the feed's. */
  api_key_not_allowed: 403,
  /** A session token on a feed route, which takes an API key. */
  api_key_required: 403,
  api_key_name_taken: 409,
  /** An Idempotency-Key sent again with a different request. */
  idempotency_key_reused: 422,
  /** A feed body none of whose customers is valid. */
  no_valid_rows: 400,

  // Subscriptions.
  already_subscribed: 400,
  checkout_closed: 409,
  provider_unavailable: 502,
  payments_not_configured: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;

export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The HTTP status every error with this code answers. */
export const statusOfCode = (code: ErrorCode): number => ERROR_CODE_STATUS[code];

const GENERIC_CODES: ReadonlyMap<number, ErrorCode> = new Map(
  (
    [
      'bad_request',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'payload_too_large',
      'uri_too_long',
      'unsupported_media_type',
      'invalid_token',
      'not_enough_credits',
      'unprocessable',
      'too_many_requests',
      'internal',
      'bad_gateway',
      'service_unavailable',
    ] as const
  ).map((code) => [ERROR_CODE_STATUS[code], code]),
);

/**
 * The generic code of a status, for errors raised without a code (a framework error, a plain
 * `notFound(...)`): a 4xx with no code of its own is `bad_request`, a 5xx `internal`.
 */
export function genericCodeOf(status: number): ErrorCode {
  return GENERIC_CODES.get(status) ?? (status >= 500 ? 'internal' : 'bad_request');
}
