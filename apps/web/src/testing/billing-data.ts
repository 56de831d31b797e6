import type {
  FeatureData,
  LocalCheckoutSession,
  PlansResponse,
  SubscriptionStatus,
  UnlockResponse,
} from '@behavio/contract';

/** GET /subscription/plans as the server answers it (docs/billing.md prices). */
export function buildPlansResponse(overrides: Partial<PlansResponse> = {}): PlansResponse {
  return {
    currency: 'usd',
    billingCycles: ['monthly', 'yearly'],
    preferredCycle: 'yearly',
    plans: [
      {
        id: 'pro',
        name: 'Pro',
        description: 'For a team working its customer book every day.',
        prices: { monthly: 20, yearly: 50 },
        yearlySaving: 190,
        features: ['Unlimited customer file uploads', 'Employees and role management'],
      },
      {
        id: 'business',
        name: 'Business',
        description: 'For firms running several desks, with support to match.',
        prices: { monthly: 50, yearly: 70 },
        yearlySaving: 530,
        features: ['Everything in Pro', 'Priority support with a named contact'],
      },
    ],
    unlockCost: 10,
    startingCredits: 100,
    ...overrides,
  };
}

/** The status of a firm without a subscription, unless overridden. */
export function buildSubscriptionStatus(
  overrides: Partial<SubscriptionStatus> = {},
): SubscriptionStatus {
  return {
    hasSubscription: false,
    status: null,
    plan: null,
    billingCycle: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    provider: null,
    paymentUrl: null,
    ...overrides,
  };
}

/** An active Pro yearly subscription ending on 12 March 2026. */
export function buildActiveStatus(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return buildSubscriptionStatus({
    hasSubscription: true,
    status: 'active',
    plan: 'pro',
    billingCycle: 'yearly',
    currentPeriodEnd: '2026-03-12T10:00:00.000Z',
    provider: 'local',
    ...overrides,
  });
}

/** 'Premium Feature Access' content (paidRoute1 / freeRoute1). */
export function buildBookSummary(overrides: Partial<FeatureData> = {}): FeatureData {
  return {
    userId: 'user-1',
    feature: 'Premium Feature Access',
    featureKey: 'freeRoute1',
    kind: 'book_summary',
    total_customers: 20,
    assigned: 12,
    unassigned: 8,
    scored_customers: 20,
    risk_levels: { high: 5, medium: 9, low: 6 },
    segments: { risk_averse: 4, overconfident: 6, herd_followers: 3, anchored: 2, balanced: 5 },
    average_priority: 5.4,
    ...overrides,
  } as FeatureData;
}

/** 'Advanced Data Insights' content (paidRoute2 / freeRoute2). */
export function buildDataInsights(overrides: Partial<FeatureData> = {}): FeatureData {
  return {
    userId: 'user-1',
    feature: 'Advanced Data Insights',
    featureKey: 'freeRoute2',
    kind: 'data_insights',
    scored_customers: 20,
    threshold: 60,
    bias_prevalence: [
      {
        bias_name: 'loss_aversion',
        mean_score: 61.2,
        customers_at_or_above: 11,
        share_at_or_above: 0.55,
      },
      { bias_name: 'herding', mean_score: 40.5, customers_at_or_above: 4, share_at_or_above: 0.2 },
    ],
    top_priority: [
      {
        customer_id: 'CUST-007',
        country_iso: 'GBR',
        priority_score: 8.7,
        urgency_level: 'urgent',
        recommended_action: 'Call to review the concentrated stock position',
        rm_id: 'rm-1',
        rm_name: 'Sam Patel',
      },
      {
        customer_id: 'CUST-012',
        country_iso: 'DEU',
        priority_score: 6.1,
        urgency_level: 'medium',
        recommended_action: 'Send the diversification note',
        rm_id: null,
        rm_name: null,
      },
    ],
    ...overrides,
  } as FeatureData;
}

/** The answer of GET /free/{featureKey}. */
export function buildUnlockResponse(data: FeatureData, remainingCredits: number): UnlockResponse {
  return { data, remainingCredits };
}

/** An open offline checkout for Pro yearly. */
export function buildCheckoutSession(
  overrides: Partial<LocalCheckoutSession> = {},
): LocalCheckoutSession {
  return {
    session_id: 'cs_local_123',
    kind: 'subscription',
    plan: 'pro',
    billingCycle: 'yearly',
    amount: 50,
    currency: 'usd',
    status: 'open',
    expiresAt: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}
