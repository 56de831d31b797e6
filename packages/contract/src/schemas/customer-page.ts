import { z } from 'zod';
import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnKind,
  type CustomerRecord,
} from './customer-columns.js';
import { callStateField } from './call-state.js';
import { callOutcomeSchema } from './customers.js';
import { customerInsightsSchema } from './insights.js';
import { noteSchema } from './notes.js';
import { historyEntrySchema } from './changes.js';
import { suitabilityProfileSchema } from './suitability.js';
import { excludedProductSchema, recommendedProductSchema } from './products.js';
import { PRODUCT_OUTCOMES, PRODUCT_OUTCOME_UNDO } from './product-outcomes.js';

/**
 * The customer page (issue 18, item 4): everything the product knows about one customer, for
 * the admins and the customer's own RM. `GET /api/content/customer/{customer_id}`.
 */

const valueOf = (kind: ColumnKind) =>
  kind === 'boolean'
    ? z.boolean()
    : kind === 'text' || kind === 'country'
      ? z.string()
      : z.number();

/** The customer's row as the firm sent it: the 28 columns, and the optional ones or null. */
export const customerRecordSchema = z.object({
  ...Object.fromEntries(REQUIRED_COLUMNS.map((c) => [c.name, valueOf(c.kind)])),
  ...Object.fromEntries(OPTIONAL_COLUMNS.map((c) => [c.name, z.number().nullable()])),
}) as unknown as z.ZodType<CustomerRecord>;

export const customerPageParamsSchema = z.object({
  customer_id: z.string().min(1).max(200),
});

/** One product outcome as recorded, newest first; 'undone' took back the one before it. */
export const productOutcomeEntrySchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  outcome: z.enum([...PRODUCT_OUTCOMES, PRODUCT_OUTCOME_UNDO]),
  reason: z.string().nullable(),
  recorded_at: z.string(),
  recorded_by: z.string().nullable(),
});
export type ProductOutcomeEntry = z.infer<typeof productOutcomeEntrySchema>;

/** One call outcome an RM recorded (called, snoozed, dismissed, reopened), newest first. */
export const callOutcomeEntrySchema = z.object({
  outcome: callOutcomeSchema,
  snooze_until: z.string().nullable(),
  reason: z.string().nullable(),
  recorded_at: z.string(),
  recorded_by: z.string().nullable(),
});
export type CallOutcomeEntry = z.infer<typeof callOutcomeEntrySchema>;

export const customerPageResponseSchema = z.object({
  customer: customerRecordSchema,
  rm_id: z.string().nullable(),
  rm_name: z.string().nullable(),
  /** Where the customer stands on their RM's call list, as every RM list shows it (issue 20). */
  call_state: callStateField,
  created_at: z.string(),
  /** The insights with every bias's evidence, computed by the current model from the row. */
  insights: customerInsightsSchema,
  /** What the suitability gate reads: knowledge, risk tolerance, capacity, horizon, flags. */
  suitability_profile: suitabilityProfileSchema,
  /** Best first, up to RECOMMENDED_PRODUCTS_LISTED, each with its reasons and suitability. */
  recommended_products: z.array(recommendedProductSchema),
  /** Every active product the customer may not be offered now, with every reason. */
  excluded_products: z.array(excludedProductSchema),
  product_outcomes: z.array(productOutcomeEntrySchema),
  call_outcomes: z.array(callOutcomeEntrySchema),
  /** Notes on the customer by their RMs and the admin, newest first (issue 20, item 7). */
  notes: z.array(noteSchema),
  /** Each recorded state of the customer's insight, newest first (issue 19, item 1). */
  history: z.array(historyEntrySchema),
});
export type CustomerPageResponse = z.infer<typeof customerPageResponseSchema>;

export const CUSTOMER_PAGE_MESSAGES = {
  notFound: 'Customer not found',
} as const;
