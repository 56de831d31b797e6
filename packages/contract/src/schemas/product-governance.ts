import { z } from 'zod';
import type { ProductCategory } from './products.js';

/**
 * Product governance (issue 28, item 1): the target-market attributes the suitability gate reads.
 * `risk_class` is the PRIIPs summary risk indicator (1 lowest, 7 highest); `complex` marks a
 * product whose terms need tested knowledge (MiFID II appropriateness); `capital_at_risk` says how
 * much of the money put in can be lost; `min_holding_years` is a lock-up; `adds_market_exposure`
 * says whether buying it adds market risk to the customer's portfolio. Credit products
 * (`credit_card`, `loan`) put no capital at risk and add no market exposure: they are credit,
 * which the gate treats on its own. docs/products.md, "Governance attributes".
 */
export const CAPITAL_AT_RISK = ['none', 'partial', 'full'] as const;
export const capitalAtRiskSchema = z.enum(CAPITAL_AT_RISK, {
  error: 'capital_at_risk must be none, partial or full',
});
export type CapitalAtRisk = z.infer<typeof capitalAtRiskSchema>;

export const CREDIT_CATEGORIES: readonly ProductCategory[] = ['credit_card', 'loan'];
export const isCreditCategory = (category: ProductCategory): boolean =>
  CREDIT_CATEGORIES.includes(category);

export interface ProductGovernance {
  risk_class: number;
  complex: boolean;
  capital_at_risk: CapitalAtRisk;
  min_holding_years: number;
  adds_market_exposure: boolean;
}

/**
 * What a product's governance attributes are when nobody set them: a new product that leaves
 * them out, and every product that existed before migration 0033, by its category. Cautious on
 * purpose (an investment is assumed to put all of its capital at risk, for five years, with
 * market exposure): the admin lowers them from the product's key information document.
 */
export const CATEGORY_GOVERNANCE_DEFAULTS: Record<ProductCategory, ProductGovernance> = {
  savings: {
    risk_class: 1,
    complex: false,
    capital_at_risk: 'none',
    min_holding_years: 0,
    adds_market_exposure: false,
  },
  credit_card: {
    risk_class: 2,
    complex: false,
    capital_at_risk: 'none',
    min_holding_years: 0,
    adds_market_exposure: false,
  },
  loan: {
    risk_class: 3,
    complex: false,
    capital_at_risk: 'none',
    min_holding_years: 0,
    adds_market_exposure: false,
  },
  investment: {
    risk_class: 4,
    complex: false,
    capital_at_risk: 'full',
    min_holding_years: 5,
    adds_market_exposure: true,
  },
};

export const GOVERNANCE_LIMITS = {
  riskClassMin: 1,
  riskClassMax: 7,
  holdingYearsMin: 0,
  holdingYearsMax: 30,
} as const;

/** The suitability gate's rules (packages/insights, docs/product-rules.md "Suitability gate"). */
export const SUITABILITY_RULES = [
  'no_credit_when_leveraged',
  'no_market_exposure_when_highly_leveraged',
  'needs_review_capital_safe_only',
  'complex_needs_knowledge',
  'risk_class_within_tolerance',
  'holding_within_horizon',
  'full_capital_risk_needs_capacity',
] as const;
export type SuitabilityRule = (typeof SUITABILITY_RULES)[number];

/** One rule of the gate for one product and one customer, with its result in plain words. */
export const suitabilityCheckSchema = z.object({
  rule: z.enum(SUITABILITY_RULES),
  passed: z.boolean(),
  reason: z.string().min(1),
});
export type SuitabilityCheck = z.infer<typeof suitabilityCheckSchema>;
