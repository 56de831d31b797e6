import {
  isCreditCategory,
  type CapacityForLoss,
  type CustomerRecord,
  type ShelfProduct,
  type SuitabilityCheck,
  type SuitabilityProfile,
  type SuitabilityRule,
} from '@behavio/contract';

/*
 * The suitability gate (issue 28, item 3), on top of the product's own eligibility rules: a
 * product is recommended only when it passes every rule below. Each rule is one object with its
 * test (numbers only, run for every customer x product) and its sentence (built only when shown).
 * docs/product-rules.md, "Suitability gate", gives each rule's why and source.
 */

/** Above this leverage no credit product is suitable: more borrowing on a borrowed portfolio. */
export const NO_CREDIT_ABOVE_LEVERAGE = 1.0;
/** At or above this leverage nothing that adds market exposure is suitable: reduce risk first. */
export const NO_EXPOSURE_FROM_LEVERAGE = 1.5;
/** A complex product needs this tested knowledge (MiFID II appropriateness) … */
export const COMPLEX_MIN_QUIZ = 60;
/** … and this many years of experience. */
export const COMPLEX_MIN_EXPERIENCE_YEARS = 2;
/** A product that can lose all of its capital needs one of these capacities for loss. */
export const FULL_CAPITAL_RISK_CAPACITIES: readonly CapacityForLoss[] = ['medium', 'high'];

/** A product's governance attributes, read once per shelf (compiled in recommend.ts). */
export type GovernedProduct = Pick<
  ShelfProduct,
  | 'category'
  | 'risk_class'
  | 'complex'
  | 'capital_at_risk'
  | 'min_holding_years'
  | 'adds_market_exposure'
> & { readonly credit: boolean };

/** What the gate reads of the customer: the row and the profile, computed once per customer. */
export interface GateCustomer {
  readonly customer: CustomerRecord;
  readonly profile: SuitabilityProfile;
}

export interface SuitabilityGateRule {
  readonly rule: SuitabilityRule;
  readonly passes: (p: GovernedProduct, c: GateCustomer) => boolean;
  /** The result in plain words; `passed` is what `passes` answered. */
  readonly reason: (p: GovernedProduct, c: GateCustomer, passed: boolean) => string;
}

const n = (x: number) => String(Math.round(x * 10_000) / 10_000);
const lev = (c: GateCustomer) => `leverage of ${n(c.customer.leverage_ratio)}x`;
const years = (x: number) => `${n(x)} year${x === 1 ? '' : 's'}`;

export const governed = (p: Omit<GovernedProduct, 'credit'>): GovernedProduct => ({
  category: p.category,
  risk_class: p.risk_class,
  complex: p.complex,
  capital_at_risk: p.capital_at_risk,
  min_holding_years: p.min_holding_years,
  adds_market_exposure: p.adds_market_exposure,
  credit: isCreditCategory(p.category),
});

export const NO_CREDIT_WHEN_LEVERAGED: SuitabilityGateRule = {
  rule: 'no_credit_when_leveraged',
  passes: (p, c) => !p.credit || c.customer.leverage_ratio <= NO_CREDIT_ABOVE_LEVERAGE,
  reason: (p, c, passed) =>
    !p.credit
      ? 'not a credit product'
      : passed
        ? `${lev(c)}, at or under ${n(NO_CREDIT_ABOVE_LEVERAGE)}x: credit may be offered`
        : `${lev(c)} is above ${n(NO_CREDIT_ABOVE_LEVERAGE)}x: no credit is offered to a leveraged portfolio`,
};

export const NO_MARKET_EXPOSURE_WHEN_HIGHLY_LEVERAGED: SuitabilityGateRule = {
  rule: 'no_market_exposure_when_highly_leveraged',
  passes: (p, c) =>
    !(p.credit || p.adds_market_exposure) || c.customer.leverage_ratio < NO_EXPOSURE_FROM_LEVERAGE,
  reason: (p, c, passed) =>
    !(p.credit || p.adds_market_exposure)
      ? 'adds no market exposure and is not credit'
      : passed
        ? `${lev(c)}, under ${n(NO_EXPOSURE_FROM_LEVERAGE)}x`
        : `${lev(c)} is at or above ${n(NO_EXPOSURE_FROM_LEVERAGE)}x: nothing adding market exposure or credit until the leverage is reduced`,
};

export const NEEDS_REVIEW_CAPITAL_SAFE_ONLY: SuitabilityGateRule = {
  rule: 'needs_review_capital_safe_only',
  passes: (p, c) => !c.profile.needs_review || (p.capital_at_risk === 'none' && !p.credit),
  reason: (p, c, passed) =>
    !c.profile.needs_review
      ? 'the customer is not awaiting a review'
      : passed
        ? 'the customer awaits a review, and this product puts no capital at risk and is not credit'
        : `the customer awaits a review (${c.profile.vulnerability_flags.map((f) => f.flag).join(', ') || 'asked by the RM'}): only products that put no capital at risk and are not credit`,
};

export const COMPLEX_NEEDS_KNOWLEDGE: SuitabilityGateRule = {
  rule: 'complex_needs_knowledge',
  passes: (p, c) =>
    !p.complex ||
    (c.customer.knowledge_quiz_score >= COMPLEX_MIN_QUIZ &&
      c.customer.experience_years >= COMPLEX_MIN_EXPERIENCE_YEARS),
  reason: (p, c, passed) => {
    if (!p.complex) return 'not a complex product';
    const had = `knowledge quiz score ${n(c.customer.knowledge_quiz_score)} and ${years(c.customer.experience_years)} of experience`;
    const needed = `a complex product needs a score of ${COMPLEX_MIN_QUIZ} and ${COMPLEX_MIN_EXPERIENCE_YEARS} years or more`;
    return passed ? `${had}, as ${needed}` : `${had}, but ${needed}`;
  },
};

export const RISK_CLASS_WITHIN_TOLERANCE: SuitabilityGateRule = {
  rule: 'risk_class_within_tolerance',
  passes: (p, c) => p.risk_class <= c.profile.risk_tolerance,
  reason: (p, c, passed) =>
    `risk class ${p.risk_class} is ${passed ? 'within' : 'above'} the customer's risk tolerance of ${c.profile.risk_tolerance}`,
};

export const HOLDING_WITHIN_HORIZON: SuitabilityGateRule = {
  rule: 'holding_within_horizon',
  passes: (p, c) => p.min_holding_years <= c.profile.horizon_years,
  reason: (p, c, passed) =>
    `a minimum holding of ${years(p.min_holding_years)} is ${passed ? 'within' : 'longer than'} the customer's ${n(c.profile.horizon_years)}-year horizon`,
};

export const FULL_CAPITAL_RISK_NEEDS_CAPACITY: SuitabilityGateRule = {
  rule: 'full_capital_risk_needs_capacity',
  passes: (p, c) =>
    p.capital_at_risk !== 'full' ||
    FULL_CAPITAL_RISK_CAPACITIES.includes(c.profile.capacity_for_loss),
  reason: (p, c, passed) =>
    p.capital_at_risk !== 'full'
      ? `capital at risk: ${p.capital_at_risk}`
      : `all of the capital is at risk and the customer's capacity for loss is ${c.profile.capacity_for_loss}${passed ? '' : ': medium or high is needed'}`,
};

/** Every rule of the gate, in the order the checks list them. */
export const SUITABILITY_GATE: readonly SuitabilityGateRule[] = [
  NO_CREDIT_WHEN_LEVERAGED,
  NO_MARKET_EXPOSURE_WHEN_HIGHLY_LEVERAGED,
  NEEDS_REVIEW_CAPITAL_SAFE_ONLY,
  COMPLEX_NEEDS_KNOWLEDGE,
  RISK_CLASS_WITHIN_TOLERANCE,
  HOLDING_WITHIN_HORIZON,
  FULL_CAPITAL_RISK_NEEDS_CAPACITY,
];

/** Whether the product passes every rule (numbers only: the hot path). */
export function passesGate(p: GovernedProduct, c: GateCustomer): boolean {
  for (const rule of SUITABILITY_GATE) if (!rule.passes(p, c)) return false;
  return true;
}

/** The reasons of the rules the product fails (its exclusion reasons). */
export function gateFailures(p: GovernedProduct, c: GateCustomer): string[] {
  const failures: string[] = [];
  for (const rule of SUITABILITY_GATE)
    if (!rule.passes(p, c)) failures.push(`Not suitable: ${rule.reason(p, c, false)}`);
  return failures;
}

/** Every rule with its result: what a recommendation lists as `checks`. */
export function gateChecks(p: GovernedProduct, c: GateCustomer): SuitabilityCheck[] {
  return SUITABILITY_GATE.map((rule) => {
    const passed = rule.passes(p, c);
    return { rule: rule.rule, passed, reason: rule.reason(p, c, passed) };
  });
}

/** The suitability sentence of a recommended product: "Suitable: …" naming what was checked. */
export function suitabilitySentence(checks: readonly SuitabilityCheck[]): string {
  return `Suitable: ${checks.map((c) => c.reason).join('; ')}.`;
}
