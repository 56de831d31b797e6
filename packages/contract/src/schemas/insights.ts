import { z } from 'zod';
import { BIAS_SCORE_MAX, PRIORITY_MAX, TOP_BIASES_LISTED } from '../constants.js';
import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type OptionalColumnName,
  type RequiredColumnName,
} from './customer-columns.js';
import { callStateField } from './call-state.js';
import { needsReviewField } from './suitability.js';
import { recommendedProductsField } from './customers.js';

/**
 * Output of the behavioural-finance engine (`@behavio/insights`) and the RM analytics calls of
 * product-rules: Entities and fields built from it. The formulas behind every field are in docs/insights-model.md.
 * Field names are snake_case like the rest of the wire format.
 */

/** Every bias the model scores, in the model's fixed order (also the last tie rule of top_biases). */
export const BIAS_NAMES = [
  'overconfidence',
  'herding',
  'anchoring',
  'loss_aversion',
  'disposition_effect',
  'home_bias',
  'risk_aversion',
  'mental_accounting',
  'status_quo',
] as const;
export const biasNameSchema = z.enum(BIAS_NAMES);
export type BiasName = z.infer<typeof biasNameSchema>;

/** Behavioural segments of product-rules: Screens, in the order the spec lists them. */
export const SEGMENTS = [
  'risk_averse',
  'overconfident',
  'herd_followers',
  'anchored',
  'balanced',
] as const;
export const segmentSchema = z.enum(SEGMENTS);
export type Segment = z.infer<typeof segmentSchema>;

/** Urgency levels of product-rules: Entities and fields, most urgent first. */
export const URGENCY_LEVELS = ['urgent', 'high', 'medium', 'low'] as const;
export const urgencyLevelSchema = z.enum(URGENCY_LEVELS);
export type UrgencyLevel = z.infer<typeof urgencyLevelSchema>;

/** Risk-ranking levels of product-rules: Screens (Risk Ranking Dashboard), highest first. */
export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** What the customer_value measure was computed from (the optional columns, or the proxy alone). */
export const CUSTOMER_VALUE_BASES = ['proxy', 'aum', 'revenue', 'aum_and_revenue'] as const;
export const customerValueBasisSchema = z.enum(CUSTOMER_VALUE_BASES);
export type CustomerValueBasis = z.infer<typeof customerValueBasisSchema>;

/** The four breakdown measures, in display order. */
export const BREAKDOWN_KEYS = [
  'bias_severity',
  'risk_urgency',
  'time_sensitivity',
  'customer_value',
] as const;
export type BreakdownKey = (typeof BREAKDOWN_KEYS)[number];

/** Any column of the customers file, required or optional: what a piece of evidence points at. */
export type CustomerColumnName = RequiredColumnName | OptionalColumnName;
export const CUSTOMER_COLUMN_NAMES = [
  ...REQUIRED_COLUMNS.map((c) => c.name),
  ...OPTIONAL_COLUMNS.map((c) => c.name),
] as [CustomerColumnName, ...CustomerColumnName[]];
export const customerColumnNameSchema = z.enum(CUSTOMER_COLUMN_NAMES);

/** Semantic version of the model that produced an insight (see the policy in the model doc). */
export const MODEL_VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

const biasScore = z.number().min(0).max(BIAS_SCORE_MAX);
const confidence = z.number().min(0).max(1);
const tenPoint = z.number().min(0).max(PRIORITY_MAX);

/** One input behind a bias score: the column, its value and the points of score it added. */
export const biasEvidenceSchema = z.object({
  column: customerColumnNameSchema,
  value: z.union([z.number(), z.boolean()]),
  /** Points of the 0-100 score this input added (the contributions add up to the score). */
  contribution: biasScore,
  /** Plain words: the figure and why it counts towards this bias. */
  explanation: z.string().min(1),
});
export type BiasEvidence = z.infer<typeof biasEvidenceSchema>;

export const biasScoreSchema = z.object({
  bias_name: biasNameSchema,
  /** 0 = no sign of the bias, 100 = the strongest pattern the model recognises. */
  score: biasScore,
  /** 0-1: how much evidence stands behind the score (shown as a percent). */
  confidence,
  /** Inputs that added points, largest contribution first. */
  evidence: z.array(biasEvidenceSchema),
});
export type BiasScore = z.infer<typeof biasScoreSchema>;

/** The short form the RM list calls carry (product-rules: Entities and fields: bias_name, score 0-100, confidence 0-1). */
export const topBiasSchema = biasScoreSchema.pick({
  bias_name: true,
  score: true,
  confidence: true,
});
export type TopBias = z.infer<typeof topBiasSchema>;

export const breakdownSchema = z.object({
  bias_severity: tenPoint,
  risk_urgency: tenPoint,
  time_sensitivity: tenPoint,
  /** A labelled proxy unless aum or revenue_12m were supplied: see customer_value_basis. */
  customer_value: tenPoint,
});
export type Breakdown = z.infer<typeof breakdownSchema>;

/** Everything the engine derives from one customer row. */
export const customerInsightsSchema = z.object({
  model_version: z.string().regex(MODEL_VERSION_PATTERN),
  /** Every bias the model computes, in BIAS_NAMES order. */
  biases: z.array(biasScoreSchema).length(BIAS_NAMES.length),
  /** The strongest three by score x confidence (ties: higher score, then BIAS_NAMES order). */
  top_biases: z.array(biasScoreSchema).max(TOP_BIASES_LISTED),
  breakdown: breakdownSchema,
  customer_value_basis: customerValueBasisSchema,
  priority_score: tenPoint,
  urgency_level: urgencyLevelSchema,
  risk_level: riskLevelSchema,
  segment: segmentSchema,
  /** The concrete issue with this customer's figures, then the step to take. */
  recommended_action: z.string().min(1),
  /** A short plain-words explanation an RM can read to the customer. */
  why: z.string().min(1),
});
export type CustomerInsights = z.infer<typeof customerInsightsSchema>;

/**
 * CustomerInsights without the per-bias evidence (`scoreCustomerCompact`): every bias and top
 * bias as name, score and confidence; everything else identical. What a bulk import stores; the
 * evidence can be re-derived from the stored row with the same model version.
 */
export const compactCustomerInsightsSchema = customerInsightsSchema.extend({
  biases: z.array(topBiasSchema).length(BIAS_NAMES.length),
  top_biases: z.array(topBiasSchema).max(TOP_BIASES_LISTED),
});
export type CompactCustomerInsights = z.infer<typeof compactCustomerInsightsSchema>;

/* ---------------------------------------------------------------------------------------------
 * RM analytics calls of product-rules: Entities and fields (rm-who-to-call, rm-priority-scores, rm-risk-ranking,
 * rm-segments, admin-who-to-call-for-a-rm). `why`, `risk_level` and `segment` are extra fields.
 * ------------------------------------------------------------------------------------------- */

const customerSummary = {
  customer_id: z.string(),
  country_iso: z.string(),
  age: z.number(),
  risk_profile: z.number(),
};

export const whoToCallItemSchema = z.object({
  ...customerSummary,
  urgency_level: urgencyLevelSchema,
  priority_score: tenPoint,
  recommended_action: z.string(),
  why: z.string(),
  risk_level: riskLevelSchema,
  segment: segmentSchema,
  recommended_products: recommendedProductsField,
  call_state: callStateField,
  /** A vulnerability flag asks for a review (issue 28); optional so the spec's shape validates. */
  needs_review: needsReviewField,
});
export type WhoToCallItem = z.infer<typeof whoToCallItemSchema>;
export const whoToCallResponseSchema = z.array(whoToCallItemSchema);
export type WhoToCallResponse = z.infer<typeof whoToCallResponseSchema>;

export const priorityScoreItemSchema = z.object({
  customer_id: z.string(),
  priority_score: tenPoint,
  urgency_level: urgencyLevelSchema,
  recommended_action: z.string(),
  top_biases: z.array(topBiasSchema).max(TOP_BIASES_LISTED),
  breakdown: breakdownSchema,
  why: z.string(),
  risk_level: riskLevelSchema,
  segment: segmentSchema,
  recommended_products: recommendedProductsField,
  call_state: callStateField,
  /** A vulnerability flag asks for a review (issue 28); optional so the spec's shape validates. */
  needs_review: needsReviewField,
});
export type PriorityScoreItem = z.infer<typeof priorityScoreItemSchema>;
export const priorityScoresResponseSchema = z.array(priorityScoreItemSchema);
export type PriorityScoresResponse = z.infer<typeof priorityScoresResponseSchema>;

export const riskRankingItemSchema = z.object({
  ...customerSummary,
  urgency_level: urgencyLevelSchema,
  priority_score: tenPoint,
  recommended_action: z.string(),
  top_biases: z.array(topBiasSchema).max(TOP_BIASES_LISTED),
  breakdown: breakdownSchema,
  why: z.string(),
  risk_level: riskLevelSchema,
  segment: segmentSchema,
  recommended_products: recommendedProductsField,
  call_state: callStateField,
  /** A vulnerability flag asks for a review (issue 28); optional so the spec's shape validates. */
  needs_review: needsReviewField,
});
export type RiskRankingItem = z.infer<typeof riskRankingItemSchema>;

export const riskRankingResponseSchema = z.object({
  high_risk: z.array(riskRankingItemSchema),
  medium_risk: z.array(riskRankingItemSchema),
  low_risk: z.array(riskRankingItemSchema),
});
export type RiskRankingResponse = z.infer<typeof riskRankingResponseSchema>;

export const segmentsResponseSchema = z.object({
  risk_averse: z.array(riskRankingItemSchema),
  overconfident: z.array(riskRankingItemSchema),
  herd_followers: z.array(riskRankingItemSchema),
  anchored: z.array(riskRankingItemSchema),
  balanced: z.array(riskRankingItemSchema),
});
export type SegmentsResponse = z.infer<typeof segmentsResponseSchema>;
