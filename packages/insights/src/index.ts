/**
 * @behavio/insights: a pure, deterministic behavioural-finance engine. One validated customer
 * row in, its bias scores, breakdown, priority, urgency, risk level, segment and texts out.
 * The model is described in docs/insights-model.md.
 */
export { scoreCustomer, scoreCustomerCompact } from './score.js';
export { scoreCustomerCopyText } from './copy-text.js';
export { MODEL_VERSION } from './version.js';
export {
  BIAS_INDEX,
  scoreBiases,
  topBiases,
  biasStrength,
  overconfidence,
  herding,
  anchoring,
  lossAversion,
  dispositionEffect,
  homeBias,
  riskAversion,
  mentalAccounting,
  statusQuo,
} from './bias-scores.js';
export {
  computeBreakdown,
  biasSeverity,
  riskUrgency,
  timeSensitivity,
  customerValue,
  customerValueBasis,
  customerValueProxy,
  impliedRisk,
} from './breakdown.js';
export { PRIORITY_WEIGHTS, priorityScore, urgencyLevel, riskLevel } from './priority.js';
export { SEGMENT_THRESHOLD, SEGMENT_PRECEDENCE, assignSegment, segmentScores } from './segment.js';
export type { SegmentScores } from './segment.js';
export {
  MARKET_CAP_TABLE_VERSION,
  WORLD_MARKET_SHARE,
  DEFAULT_MARKET_SHARE,
  marketShare,
} from './market-cap.js';
export {
  toWhoToCallItem,
  toPriorityScoreItem,
  toRiskRankingItem,
  toTopBiases,
  compareForCalls,
  sortForCalls,
  groupRiskRanking,
  groupSegments,
} from './items.js';
export type { CustomerSummary } from './items.js';
export type {
  CustomerInsights,
  BiasScore,
  BiasEvidence,
  BiasName,
  Breakdown,
  Segment,
  UrgencyLevel,
  RiskLevel,
  CustomerValueBasis,
  CompactCustomerInsights,
  TopBias,
} from '@behavio/contract';
export * from './recommendations/index.js';
