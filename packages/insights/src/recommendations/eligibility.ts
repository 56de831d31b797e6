import type { CustomerRecord, ShelfProduct } from '@behavio/contract';
import { amount, precise } from './situation.js';

/** A product's eligibility rules as the model reads them. */
export type ProductRules = Pick<
  ShelfProduct,
  | 'category'
  | 'min_age'
  | 'max_age'
  | 'min_risk_profile'
  | 'max_risk_profile'
  | 'min_knowledge_quiz_score'
  | 'min_experience_years'
  | 'max_leverage_ratio'
  | 'min_aum'
  | 'countries'
>;

/** The gate's answer: every rule the customer breaks, and what they pass, in plain words. */
export interface Eligibility {
  readonly exclusions: readonly string[];
  /** One clause per rule the product sets, e.g. "age 42 (18 or more)". */
  readonly passes: readonly string[];
}

interface Bound {
  readonly label: (value: number) => string;
  readonly value: (c: CustomerRecord) => number | null;
  readonly min?: (p: ProductRules) => number | null;
  readonly max?: (p: ProductRules) => number | null;
  readonly unit?: (limit: number) => string;
}

/** The numeric rules, each against one column; a null rule or a null figure is not checked. */
const BOUNDS: readonly Bound[] = [
  {
    label: (v) => `age ${v}`,
    value: (c) => c.age,
    min: (p) => p.min_age,
    max: (p) => p.max_age,
  },
  {
    label: (v) => `risk profile ${precise(v)}`,
    value: (c) => c.risk_profile,
    min: (p) => p.min_risk_profile,
    max: (p) => p.max_risk_profile,
  },
  {
    label: (v) => `knowledge quiz score ${precise(v)}`,
    value: (c) => c.knowledge_quiz_score,
    min: (p) => p.min_knowledge_quiz_score,
  },
  {
    label: (v) => `${precise(v)} year${v === 1 ? '' : 's'} of investing experience`,
    value: (c) => c.experience_years,
    min: (p) => p.min_experience_years,
  },
  {
    label: (v) => `leverage of ${precise(v)}x`,
    value: (c) => c.leverage_ratio,
    max: (p) => p.max_leverage_ratio,
    unit: (limit) => `${precise(limit)}x`,
  },
  {
    // Only checked when the file carries aum: a missing figure is not a reason to exclude.
    label: (v) => `AUM of ${amount(v)}`,
    value: (c) => c.aum,
    min: (p) => p.min_aum,
    unit: amount,
  },
];

const countryOf = (c: CustomerRecord) => c.country_iso.trim().toUpperCase();

/**
 * Eligibility: the product's own rules. A product with any exclusion is never recommended; the
 * model's own rules (leverage, vulnerability, knowledge, risk, horizon, capacity) are the
 * suitability gate that follows it (gate.ts).
 */
export function checkEligibility(customer: CustomerRecord, product: ProductRules): Eligibility {
  const exclusions: string[] = [];
  const passes: string[] = [];
  for (const bound of BOUNDS) {
    const value = bound.value(customer);
    const min = bound.min?.(product) ?? null;
    const max = bound.max?.(product) ?? null;
    if (value === null || (min === null && max === null)) continue;
    const show = bound.unit ?? precise;
    const label = bound.label(value);
    if (min !== null && value < min)
      exclusions.push(`${label} is below this product's minimum of ${show(min)}`);
    else if (max !== null && value > max)
      exclusions.push(`${label} is above this product's maximum of ${show(max)}`);
    else
      passes.push(
        min !== null && max !== null
          ? `${label} (${show(min)} to ${show(max)})`
          : min !== null
            ? `${label} (${show(min)} or more)`
            : `${label} (${show(max!)} or less)`,
      );
  }
  if (product.countries.length > 0) {
    const country = countryOf(customer);
    if (product.countries.some((c) => c.toUpperCase() === country))
      passes.push(`country ${country}`);
    else
      exclusions.push(
        `country ${country} is not one this product is offered in (${product.countries.join(', ')})`,
      );
  }
  return { exclusions, passes };
}

/** The eligibility line of a recommended product: the product's own rules it passes. */
export function eligibilityLine(passes: readonly string[]): string {
  return passes.length === 0
    ? 'Eligible: the product sets no eligibility rules.'
    : `Eligible on every rule of the product: ${passes.join('; ')}.`;
}
