import { z } from 'zod';
import { productCategorySchema } from './products.js';

/* What RMs record about products, and how the products do (issue 18); split from products.ts. */

/** What an RM records about a product and a customer (issue 18, item 5). */
export const PRODUCT_OUTCOMES = ['offered', 'accepted', 'declined'] as const;
export const productOutcomeSchema = z.enum(PRODUCT_OUTCOMES, {
  error: 'outcome must be offered, accepted or declined',
});
export type ProductOutcome = z.infer<typeof productOutcomeSchema>;

/** An Undo is recorded as an outcome of its own, taking back the one before (append-only). */
export const PRODUCT_OUTCOME_UNDO = 'undone';
/**
 * An Undo by the same person for the same customer and product less than this many seconds
 * after their last one is a repeat (a double click): it answers that Undo instead of taking
 * back the outcome before too (docs/product-rules.md, "Repeated outcomes and notes").
 */
export const UNDO_REPEAT_SECONDS = 10;
export const PRODUCT_OUTCOME_MESSAGES = {
  customerRequired: 'customer_id is required',
  productRequired: 'product_id is required',
  outcome: 'outcome must be offered, accepted, declined or undone',
  reasonTooLong: 'reason must be at most 500 characters',
  customerNotFound: 'Customer not found',
  nothingToUndo: 'There is no outcome of this product for this customer to undo',
  recorded: 'Outcome recorded',
} as const;

export const productOutcomeRequestSchema = z
  .object({
    customer_id: z
      .string({ error: PRODUCT_OUTCOME_MESSAGES.customerRequired })
      .trim()
      .min(1, PRODUCT_OUTCOME_MESSAGES.customerRequired)
      .max(64),
    product_id: z
      .string({ error: PRODUCT_OUTCOME_MESSAGES.productRequired })
      .trim()
      .min(1, PRODUCT_OUTCOME_MESSAGES.productRequired)
      .max(200),
    outcome: z.enum([...PRODUCT_OUTCOMES, PRODUCT_OUTCOME_UNDO], {
      error: PRODUCT_OUTCOME_MESSAGES.outcome,
    }),
    reason: z.string().trim().max(500, PRODUCT_OUTCOME_MESSAGES.reasonTooLong).optional(),
  })
  .strict();
export type ProductOutcomeRequest = z.input<typeof productOutcomeRequestSchema>;

export const productOutcomeResponseSchema = z.object({
  message: z.string(),
  customer_id: z.string(),
  product_id: z.string(),
  outcome: z.enum([...PRODUCT_OUTCOMES, PRODUCT_OUTCOME_UNDO]),
  reason: z.string().nullable(),
  recorded_at: z.string(),
});
export type ProductOutcomeResponse = z.infer<typeof productOutcomeResponseSchema>;

/** Offered, accepted and declined counts and the acceptance rate (accepted of decided, or null). */
const outcomeCounts = {
  offered: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  /** accepted / (accepted + declined), 0-1 with 4 decimals; null before any decision. */
  acceptance_rate: z.number().min(0).max(1).nullable(),
};

/**
 * GET /api/content/product-performance (issue 18, item 6): per product, the customers it is
 * recommended to now and what became of the offers; per person who recorded outcomes, the same.
 * Counts are of customer-product pairs whose outcome stands (an Undo takes one back).
 */
export const productPerformanceResponseSchema = z.object({
  /** False while a recomputation of the firm's recommendations is asked for or running. */
  recommendations_up_to_date: z.boolean(),
  products: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      category: productCategorySchema,
      active: z.boolean(),
      recommended_now: z.number().int(),
      ...outcomeCounts,
    }),
  ),
  rms: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      ...outcomeCounts,
    }),
  ),
});
export type ProductPerformanceResponse = z.infer<typeof productPerformanceResponseSchema>;
