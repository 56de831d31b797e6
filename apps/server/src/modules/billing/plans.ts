import {
  BILLING_CYCLES,
  STARTING_CREDITS,
  UNLOCK_COST,
  type BillingCycle,
  type PaidPlan,
  type PlanOffer,
  type PlansResponse,
} from '@behavio/contract';

/**
 * The plans, defined once (product-rules: Constants prices). The web shows what GET /api/subscription/plans
 * answers; with Stripe, the configured Stripe prices must charge the same amounts.
 */
export const CURRENCY = 'usd';

const PRICES: Record<PaidPlan, Record<BillingCycle, number>> = {
  pro: { monthly: 20, yearly: 50 },
  business: { monthly: 50, yearly: 70 },
};

/** Plan contents are placeholders in the spec; these name what the access rules really unlock. */
const CATALOGUE: Record<PaidPlan, Omit<PlanOffer, 'id' | 'prices' | 'yearlySaving'>> = {
  pro: {
    name: 'Pro',
    description: 'For a team working its customer book every day.',
    features: [
      'Unlimited customer file uploads',
      'Employees and role management',
      'Customer list, assignment and bulk distribution to RMs',
      'RM analytics: own book, priority scores, risk ranking and segments',
      'Prioritised who-to-call lists, and oversight of every RM book',
      'Premium features without spending credits',
    ],
  },
  business: {
    name: 'Business',
    description: 'For firms running several desks, with support to match.',
    features: [
      'Everything in Pro',
      'Priority support with a named contact',
      'An onboarding session for your team',
      "A quarterly review of your firm's bias trends with our analysts",
    ],
  },
};

export const priceOf = (plan: PaidPlan, cycle: BillingCycle): number => PRICES[plan][cycle];

export const yearlySaving = (plan: PaidPlan): number =>
  12 * PRICES[plan].monthly - PRICES[plan].yearly;

export function plansResponse(): PlansResponse {
  return {
    currency: CURRENCY,
    billingCycles: [...BILLING_CYCLES],
    preferredCycle: 'yearly',
    plans: (Object.keys(CATALOGUE) as PaidPlan[]).map((id) => ({
      id,
      ...CATALOGUE[id],
      prices: { ...PRICES[id] },
      yearlySaving: yearlySaving(id),
    })),
    unlockCost: UNLOCK_COST,
    startingCredits: STARTING_CREDITS,
  };
}

/** The end of a period that starts at `from`: calendar months, clamped to the month's last day. */
export function addCycle(from: Date, cycle: BillingCycle): Date {
  const months = cycle === 'monthly' ? 1 : 12;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from);
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
}
