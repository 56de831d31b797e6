/**
 * Product recommendations (issue 18): the eligibility gate, the need rules behind fit, and the
 * ranking. Reads only the customer's row and the bias engine's public output. See
 * docs/insights-model.md, section 17.
 */
export {
  recommendProducts,
  productFit,
  historyExclusion,
  standingOutcomes,
  repeatsStanding,
  compareCandidates,
} from './recommend.js';
export type { OutcomeRecord, RecommendationInput, Recommendations } from './recommend.js';
export { checkEligibility, eligibilityLine } from './eligibility.js';
export {
  SUITABILITY_GATE,
  NO_CREDIT_ABOVE_LEVERAGE,
  NO_EXPOSURE_FROM_LEVERAGE,
  COMPLEX_MIN_QUIZ,
  COMPLEX_MIN_EXPERIENCE_YEARS,
  FULL_CAPITAL_RISK_CAPACITIES,
  gateChecks,
  passesGate,
  governed,
  suitabilitySentence,
} from './gate.js';
export type { GateCustomer, GovernedProduct, SuitabilityGateRule } from './gate.js';
export type { Eligibility, ProductRules } from './eligibility.js';
export { NEED_RULES, NO_NEW_CREDIT_LEVERAGE } from './need-rules.js';
export type { NeedRule } from './need-rules.js';
export { situationOf } from './situation.js';
export type { Situation, BiasReading } from './situation.js';
export * from '../suitability/index.js';
