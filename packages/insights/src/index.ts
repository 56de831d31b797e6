/**
 * @behavio/insights: a pure, deterministic behavioural-finance engine. One validated customer
 * row in, its bias scores, breakdown, priority, urgency, risk level, segment and texts out, as
 * plain values. The model is described in docs/insights-model.md; how to change it is in
 * packages/insights/README.md.
 */
export { scoreCustomer, scoreCustomerCompact, insightsFromNumbers } from './score.js';
export { customerNumbers, type CustomerNumbers, type TextPlan } from './numbers.js';
export { writeTexts, type CustomerTexts } from './texts.js';
export { MODEL_VERSION } from './version.js';
export type {
  CustomerInsights,
  CompactCustomerInsights,
  BiasScore,
  BiasEvidence,
  BiasName,
  Breakdown,
  Segment,
  UrgencyLevel,
  RiskLevel,
  CustomerValueBasis,
  TopBias,
} from '@behavio/contract';
export * from './recommendations/index.js';
