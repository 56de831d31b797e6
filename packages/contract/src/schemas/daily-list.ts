import { z } from 'zod';
import { rmIdRequestSchema } from './admin.js';
import { rmListExportQuerySchema, rmListQuerySchema } from './list-tools.js';

/**
 * Today's call list and the daily capacity that sizes it (issue 20, item 3; the rule is in
 * docs/product-rules.md, "Today's call list").
 */

/** `today`: the customers who need a call, cut to the RM's calls_per_day; `all`: the whole book. */
export const WHO_TO_CALL_SCOPES = ['today', 'all'] as const;
export const whoToCallScopeSchema = z.enum(WHO_TO_CALL_SCOPES, {
  error: 'scope must be today or all',
});
export type WhoToCallScope = z.infer<typeof whoToCallScopeSchema>;

/** The call list's query: the list tools' sort and filters, and the scope. */
export const whoToCallQuerySchema = rmListQuerySchema('whoToCall').extend({
  scope: whoToCallScopeSchema.default('all'),
});
export type WhoToCallQuery = z.input<typeof whoToCallQuerySchema>;

/** The call list's export: what the screen shows, today's list or the whole book. */
export const whoToCallExportQuerySchema = rmListExportQuerySchema('whoToCall').extend({
  scope: whoToCallScopeSchema.default('all'),
});

/**
 * The admin's views of an RM's lists take the RM's list tools (sort and filters, as the RM's
 * list takes them), all optional: `{rm_id}` alone is the spec's request.
 */
const adminListTools = <L extends 'book' | 'whoToCall'>(list: L) =>
  rmListQuerySchema(list).pick({
    sort: true,
    order: true,
    urgency: true,
    risk_level: true,
    segment: true,
  }).shape;

export const adminRmBookRequestSchema = rmIdRequestSchema.extend(adminListTools('book'));
export type AdminRmBookRequest = z.input<typeof adminRmBookRequestSchema>;

/** The admin's view of an RM's call list follows the same rule: the whole book by default. */
export const adminWhoToCallRequestSchema = rmIdRequestSchema.extend({
  ...adminListTools('whoToCall'),
  scope: whoToCallScopeSchema.default('all'),
});
export type AdminWhoToCallRequest = z.input<typeof adminWhoToCallRequestSchema>;

/** The export of the admin's view of an RM's book: the RM, the view, the format. */
export const adminRmBookExportQuerySchema = rmListExportQuerySchema('book').extend(
  rmIdRequestSchema.shape,
);
/** The export of the admin's view of an RM's call list, as shown: today's list or the book. */
export const adminWhoToCallExportQuerySchema = whoToCallExportQuerySchema.extend(
  rmIdRequestSchema.shape,
);

/**
 * Calls an RM can make in a day when neither the firm nor the RM set it: about 20 calls of 10-15
 * minutes with their preparation and notes fill 5-6 hours, leaving the rest of the day for
 * meetings, follow-ups and administration (docs/product-rules.md).
 */
export const CALLS_PER_DAY_DEFAULT = 20;
export const CALLS_PER_DAY_MIN = 1;
export const CALLS_PER_DAY_MAX = 200;

const callsPerDayMessage = `Calls per day must be a whole number from ${CALLS_PER_DAY_MIN} to ${CALLS_PER_DAY_MAX}`;
export const callsPerDayField = z
  .number({ error: callsPerDayMessage })
  .int(callsPerDayMessage)
  .min(CALLS_PER_DAY_MIN, callsPerDayMessage)
  .max(CALLS_PER_DAY_MAX, callsPerDayMessage);

/** What sizes the caller's list: the firm's setting and, for an RM, their own override. */
export const callCapacityResponseSchema = z.object({
  /** Used when the firm has set nothing. */
  default_calls_per_day: z.number().int(),
  /** The firm's setting, or null for the default. */
  firm_calls_per_day: z.number().int().nullable(),
  /** The signed-in RM's own setting, or null to follow the firm (always null for the admin). */
  own_calls_per_day: z.number().int().nullable(),
  /** What sizes the caller's list: their own, else the firm's, else the default. */
  calls_per_day: z.number().int(),
});
export type CallCapacityResponse = z.infer<typeof callCapacityResponseSchema>;

/** The admin sets the firm's capacity; null goes back to the default. */
export const firmCallCapacityRequestSchema = z.object({
  calls_per_day: callsPerDayField.nullable(),
});
export type FirmCallCapacityRequest = z.infer<typeof firmCallCapacityRequestSchema>;

/** An RM sets their own capacity; null follows the firm's again. */
export const ownCallCapacityRequestSchema = firmCallCapacityRequestSchema;
export type OwnCallCapacityRequest = FirmCallCapacityRequest;
