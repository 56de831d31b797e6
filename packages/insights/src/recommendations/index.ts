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
export { checkEligibility, suitabilityLine } from './eligibility.js';
export type { Eligibility, ProductRules } from './eligibility.js';
export { NEED_RULES, NO_NEW_CREDIT_LEVERAGE } from './need-rules.js';
export type { NeedRule } from './need-rules.js';
export { situationOf } from './situation.js';
export type { Situation, BiasReading } from './situation.js';
