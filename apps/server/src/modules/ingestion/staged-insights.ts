import type { CustomerInsights } from '@behavio/contract';

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

/** One customer's insights as the tab-separated tail of a staging COPY line. */
export function insightsCopyText(insights: CustomerInsights): string {
  const { breakdown } = insights;
  const scores: Record<string, [number, number]> = {};
  for (const bias of insights.biases) scores[bias.bias_name] = [bias.score, bias.confidence];
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
    copyEscape(JSON.stringify(insights.top_biases)),
    copyEscape(JSON.stringify(scores)),
  ].join('\t');
}
