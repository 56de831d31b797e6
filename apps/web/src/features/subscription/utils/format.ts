import { formatMoney, formatTimestamp } from '@/lib/display-rules';
import type { BillingCycle, PlanOffer } from '@behavio/contract';

/** A period end as the server's own messages write it: "12 March 2026". */
export function formatDate(iso: string): string {
  return formatTimestamp(iso, 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const CYCLE_LABELS: Record<BillingCycle, string> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** "/ month" or "/ year" after a price. */
export const PER_CYCLE: Record<BillingCycle, string> = {
  monthly: 'month',
  yearly: 'year',
};

/**
 * The savings text of product-rules: Screens: the yearly saving (12 x monthly minus yearly, product-rules: Constants) as the
 * server computed it in `yearlySaving`. Null when yearly billing saves nothing.
 */
export function savingsText(
  plan: Pick<PlanOffer, 'yearlySaving'>,
  cycle: BillingCycle,
  currency: string,
): string | null {
  if (plan.yearlySaving <= 0) return null;
  const saving = formatMoney(plan.yearlySaving, currency);
  return cycle === 'yearly'
    ? `You save ${saving} a year compared with monthly billing`
    : `Save ${saving} a year with yearly billing`;
}
