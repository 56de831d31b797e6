import { z } from 'zod';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from './customer-columns.js';
import { errorCodeSchema } from '../error-code-schema.js';
import { fieldErrorSchema } from '../errors.js';
import { jobStatusSchema, rowProblemSchema } from './files.js';
import { idempotencyKeyHeader } from './idempotency.js';

/**
 * API keys and the customer feed (issue 19, item 5; docs/api-feed.md). An admin creates named
 * keys; a key may only send customers (`POST /api/v1/customers`) and read the status of what it
 * sent (`GET /api/v1/imports/{import_id}`).
 */

/** Every key starts with this, so a key is told from a session token (and found by scanners). */
export const API_KEY_PREFIX = 'bhv_';
/** How much of a key is kept in clear and shown in the list: the prefix plus 8 characters. */
export const API_KEY_DISPLAY_CHARS = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX = 100;
/** Most customers one JSON request may send; a larger book goes as a file or several requests. */
export const FEED_MAX_CUSTOMERS = 10_000;

export const API_KEY_MESSAGES = {
  invalidKey: 'This API key is unknown or has been revoked. Ask your firm admin for a new key.',
  keyOnlyFeed:
    'An API key may only send customers (POST /api/v1/customers) and read their imports (GET /api/v1/imports/{import_id}).',
  keyRequired:
    'This route takes an API key, not a signed-in session: send Authorization: Bearer <API key>.',
  adminOnly: 'Only the firm admin can manage API keys.',
  notFound: 'API key not found',
  nameTaken: 'An active API key already has this name. Choose another name.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  tooManyCustomers: `Send at most ${FEED_MAX_CUSTOMERS.toLocaleString('en-GB')} customers per request; send the rest in another request or as a file.`,
  noCustomers: 'Send at least one customer.',
  noValidRows: 'No customer in the request is valid: see the problems.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  importNotFound: 'Import not found',
  notMultipartOrJson:
    'Send the customers as JSON ({"customers": [...]}) or as a multipart/form-data upload with a "file" part.',
  rateLimited: 'Too many requests with this API key. Please wait a moment before trying again.',
} as const;

export const apiKeySchema = z.object({
  key_id: z.string(),
  name: z.string(),
  /** The first characters of the key, enough to recognise it; the rest is never kept. */
  prefix: z.string(),
  created_at: z.string(),
  /** The admin who created it (null once that user is deleted). */
  created_by: z.object({ user_id: z.string(), name: z.string(), email: z.string() }).nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the key.')
  .max(API_KEY_NAME_MAX, `The name can be at most ${API_KEY_NAME_MAX} characters.`);

export const createApiKeyRequestSchema = z.object({ name: apiKeyNameSchema });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createApiKeyResponseSchema = z.object({
  message: z.string(),
  key_id: z.string(),
  name: z.string(),
  /** The secret itself: shown this once, stored only as a hash. */
  key: z.string(),
  prefix: z.string(),
  created_at: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeyIdParamsSchema = z.object({ key_id: z.string().max(200) });

export const revokeApiKeyResponseSchema = z.object({
  message: z.string(),
  key_id: z.string(),
  revoked_at: z.string(),
});
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponseSchema>;

/** A key revoked because its firm's admin changed or reset the password (docs/security.md). */
export const revokedApiKeySchema = z.object({
  key_id: z.string(),
  name: z.string(),
  prefix: z.string(),
});
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;

/**
 * One value of a fed customer: as a cell of a file would hold it. Values are checked by the
 * same rules as a file's (row problems), not by this schema, so a wrong value is a problem of
 * its row rather than a refusal of the whole request.
 */
const feedValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

const columnShape = Object.fromEntries(
  [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => [
    c.name,
    feedValueSchema.optional().meta({ description: `${c.group}: ${c.guide}` }),
  ]),
) as Record<
  (typeof REQUIRED_COLUMNS | typeof OPTIONAL_COLUMNS)[number]['name'],
  z.ZodOptional<typeof feedValueSchema>
>;

/**
 * A customer as the feed takes it: the 28 columns of a customers file, plus `aum` and
 * `revenue_12m`; no other field. `customer_id` must be there (a row without one names nobody);
 * every other value is checked by the file's rules.
 */
export const feedCustomerSchema = z.strictObject({
  ...columnShape,
  customer_id: z
    .union([z.string().max(10_000), z.number()])
    .meta({ description: `${REQUIRED_COLUMNS[0].group}: ${REQUIRED_COLUMNS[0].guide}` }),
});
export type FeedCustomer = z.infer<typeof feedCustomerSchema>;

export const feedCustomersRequestSchema = z.strictObject({
  customers: z
    .array(feedCustomerSchema)
    .min(1, API_KEY_MESSAGES.noCustomers)
    .max(FEED_MAX_CUSTOMERS, API_KEY_MESSAGES.tooManyCustomers),
});
export type FeedCustomersRequest = z.infer<typeof feedCustomersRequestSchema>;

/**
 * What the feed answers: the import (a file of the firm, `source: api`), its status, and what
 * was accepted and rejected when known (a JSON body is checked before it is stored, so always; a
 * file once its import has finished). `problems` are the first 100; for a JSON body, row 2 is
 * `customers[0]` (row 1 is the header of the file the rows are stored as).
 */
export const feedImportSchema = z.object({
  import_id: z.string(),
  job_status: jobStatusSchema,
  accepted: z.number().int().nullable(),
  rejected: z.number().int().nullable(),
  problems: z.array(rowProblemSchema),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

export const feedImportResponseSchema = feedImportSchema.extend({ message: z.string() });
export type FeedImportResponse = z.infer<typeof feedImportResponseSchema>;

export const importStatusResponseSchema = feedImportSchema.extend({
  total_rows: z.number().int().nullable(),
  rows_processed: z.number().int().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type ImportStatusResponse = z.infer<typeof importStatusResponseSchema>;

export const importIdParamsSchema = z.object({ import_id: z.string().max(200) });

/** A refused feed body: the error shape, plus the rows' problems when the rows were read. */
export const feedErrorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.array(fieldErrorSchema).optional(),
  problems: z.array(rowProblemSchema).optional(),
  import_id: z.string().optional(),
});

/** The feed's own header: a retry with the same key and request answers the first import. */
export const feedHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeader(
    'answers the first import instead of importing again. Keys are the firm’s, whichever of its API keys sends them',
  ),
});
