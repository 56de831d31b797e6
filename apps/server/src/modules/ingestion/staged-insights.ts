import type { CompactCustomerInsights } from '@behavio/contract';

/** Insight columns of customer_import_rows and customer_insights, in COPY order. */
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
] as const;

/** PostgreSQL COPY text format: backslash, tab and line breaks must be escaped. */
export const copyEscape = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/**
 * One customer's insights as the tab-separated tail of a staging COPY line. Evidence is not
 * stored (the compact scorer does not build it): the lists show bias names, scores and
 * confidences and the `why` text, and the engine re-derives the evidence from the stored row and
 * model version whenever it is needed.
 */
export function insightsCopyText(insights: CompactCustomerInsights): string {
  const { breakdown } = insights;
  let scores = '{';
  for (const bias of insights.biases) {
    scores += `${scores.length > 1 ? ',' : ''}"${bias.bias_name}":[${bias.score},${bias.confidence}]`;
  }
  scores += '}';
  let top = '[';
  for (const bias of insights.top_biases) {
    top += `${top.length > 1 ? ',' : ''}{"bias_name":"${bias.bias_name}","score":${bias.score},"confidence":${bias.confidence}}`;
  }
  top += ']';
  return [
    insights.model_version,
    insights.priority_score,
    insights.urgency_level,
    insights.risk_level,
    insights.segment,
    breakdown.bias_severity,
    breakdown.risk_urgency,
    breakdown.time_sensitivity,
    breakdown.customer_value,
    insights.customer_value_basis,
    copyEscape(insights.recommended_action),
    copyEscape(insights.why),
    top,
    scores,
  ].join('\t');
}
