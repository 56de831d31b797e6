import { z } from 'zod';
import { errorBodySchema } from '../errors.js';
import { paidPlanSchema } from '../roles.js';
import { RISK_LEVELS, SEGMENTS, urgencyLevelSchema } from './insights.js';

/**
 * Plans, subscriptions, credits and the premium features of product-rules: Screens (Subscription, Unlock
 * Premium Features, Paid features screen), §3 and §7. The names the spec gives (hasSubscription,
 * billingCycle, currentPeriodEnd, userId, remainingCredits) are kept verbatim; feature content is
 * snake_case like the rest of the data the API answers. Rules and decisions: docs/billing.md.
 */

export const BILLING_MESSAGES = {
  /** product-rules: Error messages: the same plan and billing cycle. */
  alreadySubscribed: 'Already subscribed',
  /** Create while the firm already has a subscription: change it through update instead. */
  alreadySubscribedUseUpdate: 'Already subscribed. Change your plan or billing cycle instead.',
  noSubscription: 'Your firm has no subscription to change. Choose a plan to subscribe.',
  noSubscriptionToCancel: 'Your firm has no subscription to cancel.',
  planInvalid: 'Choose the Pro or Business plan',
  cycleInvalid: 'Choose monthly or yearly billing',
  outcomeInvalid: 'The outcome must be paid, cancelled or failed',
  checkoutNotFound: 'Checkout session not found',
  checkoutCompleted: 'This checkout session has already been completed',
  checkoutExpired: 'This checkout session has expired. Start again from the subscription page.',
  webhooksDisabled: 'Stripe webhooks are not configured on this server',
  webhookSignature: 'Invalid webhook signature',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  /** No payment provider on this server (docs/billing.md): nothing can be bought. */
  paymentsNotConfigured:
    'Payments are not configured on this server. Please contact the operator of this service.',
  /** product-rules: Screens: shown for a past_due status. */
  paymentFailed: 'Your subscription payment failed. Please update your payment method.',
  /** product-rules: Error messages: the web app's fallback for a failed subscription call. */
  failedToProcess: 'Failed to process subscription',
} as const;

export const CREDIT_MESSAGES = {
  /** product-rules: Token statuses: the unlock call answers 421 with this. */
  notEnoughCredits: 'Not enough credits to unlock this feature.',
  featureNotFound: 'Feature not found',
} as const;

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const billingCycleSchema = z.enum(BILLING_CYCLES, { error: BILLING_MESSAGES.cycleInvalid });
export type BillingCycle = z.infer<typeof billingCycleSchema>;

const subscribablePlan = z.enum(paidPlanSchema.options, { error: BILLING_MESSAGES.planInvalid });

/** product-rules: Entities and fields "Subscription status": a past_due subscription keeps its plan until it ends. */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;
export const subscriptionStatusValueSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusValue = z.infer<typeof subscriptionStatusValueSchema>;

export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/* ---------------------------------------------------------------------------------------------
 * Plans: defined once on the server (GET /api/subscription/plans), so the web never repeats a price.
 * ------------------------------------------------------------------------------------------- */

export const planOfferSchema = z.object({
  id: paidPlanSchema,
  name: z.string(),
  description: z.string(),
  /** Whole currency units per billing period. */
  prices: z.object({ monthly: z.number().int(), yearly: z.number().int() }),
  /** 12 x monthly minus yearly (product-rules: Constants). */
  yearlySaving: z.number().int(),
  features: z.array(z.string()),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const plansResponseSchema = z.object({
  /** ISO 4217, lower case (as Stripe writes it). */
  currency: z.string(),
  billingCycles: z.array(billingCycleSchema),
  /** The cycle the toggle labels Preferred (product-rules: Screens). */
  preferredCycle: billingCycleSchema,
  plans: z.array(planOfferSchema),
  /** Credits one premium-feature unlock costs, and what a new account starts with. */
  unlockCost: z.number().int(),
  startingCredits: z.number().int(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/* ---------------------------------------------------------------------------------------------
 * Subscription calls of product-rules: API calls.
 * ------------------------------------------------------------------------------------------- */

export const subscriptionStatusSchema = z.object({
  hasSubscription: z.boolean(),
  status: subscriptionStatusValueSchema.nullable(),
  plan: paidPlanSchema.nullable(),
  billingCycle: billingCycleSchema.nullable(),
  /** ISO 8601: when the current period ends (and the plan with it if cancelAtPeriodEnd). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  provider: paymentProviderSchema.nullable(),
  /** Where to pay an open invoice (past_due, or a local renewal due); null when nothing is owed. */
  paymentUrl: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const createSubscriptionRequestSchema = z.object({
  plan: subscribablePlan,
  billingCycle: billingCycleSchema,
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

export const createSubscriptionResponseSchema = z.object({
  /** The checkout page to send the browser to. */
  url: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const updateSubscriptionRequestSchema = z.object({
  newPlan: subscribablePlan,
  newBillingCycle: billingCycleSchema,
});
export type UpdateSubscriptionRequest = z.input<typeof updateSubscriptionRequestSchema>;

export const subscriptionChangeResponseSchema = z.object({
  message: z.string(),
  subscription: subscriptionStatusSchema,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  /** The event was processed before: nothing changed. */
  duplicate: z.boolean(),
  outcome: z.enum(['applied', 'ignored', 'unhandled']),
  reason: z.string().optional(),
});
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

/* ---------------------------------------------------------------------------------------------
 * The offline (local) checkout: the page at {PUBLIC_URL}/checkout/{session_id}.
 * ------------------------------------------------------------------------------------------- */

export const LOCAL_CHECKOUT_OUTCOMES = ['paid', 'cancelled', 'failed'] as const;
export const LOCAL_CHECKOUT_STATUSES = ['open', 'paid', 'cancelled', 'failed', 'expired'] as const;

export const localCheckoutParamsSchema = z.object({
  session_id: z.string().trim().min(1).max(100),
});

export const localCheckoutSessionSchema = z.object({
  session_id: z.string(),
  /** A first purchase, or the payment of a renewal (the next period of a subscription). */
  kind: z.enum(['subscription', 'renewal']),
  plan: paidPlanSchema,
  billingCycle: billingCycleSchema,
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(LOCAL_CHECKOUT_STATUSES),
  /** ISO 8601; null for a renewal, which stays open until paid or the subscription ends. */
  expiresAt: z.string().nullable(),
});
export type LocalCheckoutSession = z.infer<typeof localCheckoutSessionSchema>;

export const completeLocalCheckoutRequestSchema = z.object({
  outcome: z.enum(LOCAL_CHECKOUT_OUTCOMES, { error: BILLING_MESSAGES.outcomeInvalid }),
});
export type CompleteLocalCheckoutRequest = z.input<typeof completeLocalCheckoutRequestSchema>;

export const completeLocalCheckoutResponseSchema = z.object({
  /** {PUBLIC_URL}/subscription?paymentSuccess=true, or ?paymentCancelled=true. */
  redirectUrl: z.string(),
});
export type CompleteLocalCheckoutResponse = z.infer<typeof completeLocalCheckoutResponseSchema>;

/* ---------------------------------------------------------------------------------------------
 * Premium features: credit-gated (GET /api/free/{featureKey}) and plan-gated (GET /api/paid/...).
 * ------------------------------------------------------------------------------------------- */

/** product-rules: Screens: the two cards, by the keys of product-rules: Entities and fields "Session". */
export const CREDIT_FEATURES = {
  freeRoute1: 'Premium Feature Access',
  freeRoute2: 'Advanced Data Insights',
} as const;
export type CreditFeatureKey = keyof typeof CREDIT_FEATURES;

export const PAID_FEATURES = {
  paidRoute1: 'Premium Feature Access',
  paidRoute2: 'Advanced Data Insights',
} as const;
export type PaidFeatureKey = keyof typeof PAID_FEATURES;

/** A bias score at or above this counts a customer as showing the bias. */
export const BIAS_PREVALENCE_THRESHOLD = 60;

export const featureKeyParamsSchema = z.object({ featureKey: z.string().trim().min(1).max(64) });

const count = z.number().int();

/**
 * A count for every one of `keys`, as an object listing each key (a record keyed by an enum would
 * describe the same data, but its JSON Schema names no property).
 */
const countsOf = <Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, count])) as Record<Key, typeof count>);

export const riskLevelCountsSchema = countsOf(RISK_LEVELS);
export const segmentCountsSchema = countsOf(SEGMENTS);

/** 'Premium Feature Access': the firm's book at a glance. */
export const bookSummaryContentSchema = z.object({
  kind: z.literal('book_summary'),
  total_customers: count,
  assigned: count,
  unassigned: count,
  /** Customers with stored insights (the distributions below count these). */
  scored_customers: count,
  risk_levels: riskLevelCountsSchema,
  segments: segmentCountsSchema,
  /** Mean priority score (0-10), one decimal; null without scored customers. */
  average_priority: z.number().nullable(),
});
export type BookSummaryContent = z.infer<typeof bookSummaryContentSchema>;

export const biasPrevalenceSchema = z.object({
  bias_name: z.string(),
  /** Mean score (0-100) across scored customers, one decimal. */
  mean_score: z.number(),
  /** Customers scoring at or above the threshold, and their share (0-1, three decimals). */
  customers_at_or_above: count,
  share_at_or_above: z.number(),
});

export const callCandidateSchema = z.object({
  customer_id: z.string(),
  country_iso: z.string(),
  priority_score: z.number(),
  urgency_level: urgencyLevelSchema,
  recommended_action: z.string(),
  rm_id: z.string().nullable(),
  rm_name: z.string().nullable(),
});

/** 'Advanced Data Insights': firm-wide bias prevalence and who most needs a call. */
export const dataInsightsContentSchema = z.object({
  kind: z.literal('data_insights'),
  scored_customers: count,
  threshold: z.number(),
  /** Every bias the stored insights score, most prevalent first. */
  bias_prevalence: z.array(biasPrevalenceSchema),
  /** The 10 customers with the highest priority, with the action to take. */
  top_priority: z.array(callCandidateSchema),
});
export type DataInsightsContent = z.infer<typeof dataInsightsContentSchema>;

const featureHeader = { userId: z.string(), feature: z.string(), featureKey: z.string() };

/** product-rules: Entities and fields "Paid-route response" (a payload with userId) and the `data` of an unlock. */
export const featureDataSchema = z.discriminatedUnion('kind', [
  bookSummaryContentSchema.extend(featureHeader),
  dataInsightsContentSchema.extend(featureHeader),
]);
export type FeatureData = z.infer<typeof featureDataSchema>;

/** product-rules: Entities and fields "Unlock response". */
export const unlockResponseSchema = z.object({
  data: featureDataSchema,
  remainingCredits: z.number().int(),
});
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;

/** The 421 answer of an unlock without enough credits, with the balance as it stands. */
export const notEnoughCreditsBodySchema = errorBodySchema.extend({
  remainingCredits: z.number().int().optional(),
});
export type NotEnoughCreditsBody = z.infer<typeof notEnoughCreditsBodySchema>;
