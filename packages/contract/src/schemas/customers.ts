import { z } from 'zod';
import { callStateField } from './call-state.js';
import { needsReviewField } from './suitability.js';
import { requiredString, searchParam, wholeNumberParam } from './fields.js';
import { RECOMMENDED_PRODUCTS_LISTED, productSuggestionSchema } from './products.js';

/** A customer as the lists show it (product-rules: Entities and fields Customer). */
export const customerSchema = z.object({
  customer_id: z.string(),
  country_iso: z.string(),
  age: z.number(),
  risk_profile: z.number(),
  experience_years: z.number(),
  cash_pct: z.number(),
  etf_pct: z.number(),
  single_stock_pct: z.number(),
  leverage_ratio: z.number(),
  created_at: z.string(),
  rm_id: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The products recommended now, best first, as every RM list item carries them (issue 18). */
export const recommendedProductsField = z
  .array(productSuggestionSchema)
  .max(RECOMMENDED_PRODUCTS_LISTED);

/** A customer of an RM's book: the Customer and the products recommended to them now. */
export const bookCustomerSchema = customerSchema.extend({
  recommended_products: recommendedProductsField,
  call_state: callStateField,
  /** A vulnerability flag asks for a review (issue 28); optional so the spec's shape validates. */
  needs_review: needsReviewField,
});
export type BookCustomer = z.infer<typeof bookCustomerSchema>;

export const rmBookResponseSchema = z.object({
  rm_id: z.string(),
  rm_name: z.string(),
  customer_count: z.number().int(),
  customers: z.array(bookCustomerSchema),
});
export type RmBookResponse = z.infer<typeof rmBookResponseSchema>;

/**
 * Optional narrowing of the RM lists for large books; without it the lists answer everything,
 * as the spec's screens expect. `search` is a case-insensitive substring of customer_id or
 * country.
 */
export const listWindowQuerySchema = z.object({
  search: searchParam,
  limit: wholeNumberParam('limit', 1, 10_000).optional(),
  offset: wholeNumberParam('offset', 0, 10_000_000).optional(),
});
export type ListWindowQuery = z.infer<typeof listWindowQuerySchema>;

/** 'reopened' takes back the RM's previous outcome (Undo): the customer is on the list again. */
export const CALL_OUTCOMES = ['called', 'snoozed', 'dismissed', 'reopened'] as const;
export const callOutcomeSchema = z.enum(CALL_OUTCOMES, {
  error: 'The outcome must be called, snoozed, dismissed or reopened',
});
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

export const CALL_OUTCOME_MESSAGES = {
  customerRequired: 'Customer ID is required',
  snoozeDateRequired: 'Choose the date until which to snooze this customer',
  snoozeDateInvalid: 'The snooze date must be a future date within a year',
  reasonRequired: 'Give a reason for dismissing this customer',
  reasonTooLong: 'The reason is too long',
} as const;

export const callOutcomeRequestSchema = z
  .object({
    customer_id: requiredString(CALL_OUTCOME_MESSAGES.customerRequired).max(64),
    outcome: callOutcomeSchema,
    snooze_until: z.iso.date({ error: CALL_OUTCOME_MESSAGES.snoozeDateInvalid }).optional(),
    reason: z.string().trim().max(500, CALL_OUTCOME_MESSAGES.reasonTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'snoozed' && !value.snooze_until) {
      ctx.addIssue({
        code: 'custom',
        path: ['snooze_until'],
        message: CALL_OUTCOME_MESSAGES.snoozeDateRequired,
      });
    }
    if (value.outcome === 'dismissed' && !value.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: CALL_OUTCOME_MESSAGES.reasonRequired,
      });
    }
  });
export type CallOutcomeRequest = z.input<typeof callOutcomeRequestSchema>;

export const callOutcomeResponseSchema = z.object({
  message: z.string(),
  customer_id: z.string(),
  outcome: callOutcomeSchema,
  snooze_until: z.string().nullable(),
  recorded_at: z.string(),
});
export type CallOutcomeResponse = z.infer<typeof callOutcomeResponseSchema>;
