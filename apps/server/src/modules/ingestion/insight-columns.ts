import type { CompactCustomerInsights, TopBias } from '@behavio/contract';

/**
 * How an insight is stored: the insight columns of customer_insights (and of an import's load
 * table) and the value each holds. One serialiser for every writer: the import writes these
 * values as PostgreSQL COPY text (`insightsCopyText`), the backfill as a JSON record set.
 */
export const INSIGHT_COLUMNS = [
  'model_version',
  'priority_score',
  'urgency_level',
  'risk_level',
  'segment',
  'bias_severity',
  'risk_urgency',
  'time_sensitivity',
  'customer_value',
  'customer_value_basis',
  'recommended_action',
  'why',
  'top_biases',
  'bias_scores',
  'bias_confidences',
] as const;

export type InsightColumn = (typeof INSIGHT_COLUMNS)[number];
export type InsightColumnValues = Record<InsightColumn, string | number | TopBias[] | number[]>;

/** Scores and confidences as whole hundredths (84.01 as 8401), in BIAS_NAMES order (migration 0009). */
const hundredths = (values: number[]): number[] => values.map((v) => Math.round(v * 100));

/** The stored value of each insight column. The per-bias evidence is not stored. */
export function insightColumnValues(insights: CompactCustomerInsights): InsightColumnValues {
  const { breakdown } = insights;
  return {
    model_version: insights.model_version,
    priority_score: insights.priority_score,
    urgency_level: insights.urgency_level,
    risk_level: insights.risk_level,
    segment: insights.segment,
    bias_severity: breakdown.bias_severity,
    risk_urgency: breakdown.risk_urgency,
    time_sensitivity: breakdown.time_sensitivity,
    customer_value: breakdown.customer_value,
    customer_value_basis: insights.customer_value_basis,
    recommended_action: insights.recommended_action,
    why: insights.why,
    top_biases: insights.top_biases.map(({ bias_name, score, confidence }) => ({
      bias_name,
      score,
      confidence,
    })),
    bias_scores: hundredths(insights.biases.map((b) => b.score)),
    bias_confidences: hundredths(insights.biases.map((b) => b.confidence)),
  };
}

/** PostgreSQL COPY text format: backslash, tab and line breaks must be escaped. */
export const copyEscape = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/**
 * A figure of the insights (2 decimals at most) as text, exactly as String(value) writes it, but
 * from its whole hundredths: writing a whole number is several times cheaper than finding the
 * shortest digits of a fraction, and an import writes some ten figures a row. Anything else (more
 * decimals, not finite) is written by String(value).
 */
export function figureText(value: number): string {
  const hundredths = Math.round(value * 100);
  if (hundredths / 100 !== value || !Number.isSafeInteger(hundredths)) return String(value);
  const size = Math.abs(hundredths);
  const whole = `${hundredths < 0 ? '-' : ''}${Math.floor(size / 100)}`;
  const cents = size % 100;
  if (cents === 0) return whole;
  if (cents % 10 === 0) return `${whole}.${cents / 10}`;
  return `${whole}.${cents < 10 ? '0' : ''}${cents}`;
}

/** The top biases as JSON, as JSON.stringify writes them (keys in this order), figures by figureText. */
const topBiasesJson = (top: readonly TopBias[]): string =>
  `[${top
    .map(
      (b) =>
        `{"bias_name":${JSON.stringify(b.bias_name)},"score":${figureText(b.score)},"confidence":${figureText(b.confidence)}}`,
    )
    .join(',')}]`;

/** One stored value as a COPY text field: a number array as a PostgreSQL array, objects as JSON. */
function copyField(value: InsightColumnValues[InsightColumn]): string {
  if (typeof value === 'string') return copyEscape(value);
  if (typeof value === 'number') return figureText(value);
  if (typeof value[0] === 'number') return `{${value.join(',')}}`;
  return copyEscape(topBiasesJson(value as TopBias[]));
}

/** The insight columns of a row as COPY text, tab-separated in INSIGHT_COLUMNS order (no newline). */
export const insightsCopyText = (insights: CompactCustomerInsights): string => {
  const values = insightColumnValues(insights);
  return INSIGHT_COLUMNS.map((c) => copyField(values[c])).join('\t');
};
