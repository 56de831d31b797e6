import type { CompactCustomerInsights } from '@behavio/contract';

/**
 * How the server formatted the insight columns of a COPY line from `scoreCustomerCompact`
 * before `scoreCustomerCopyText` replaced it (model 1.0.0; the bias arrays of migration 0009): the straightforward formatting that
 * the fast path must match byte for byte, and the benchmark's "before" figure for imports.
 */
const copyEscape = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

export function referenceInsightsCopyText(insights: CompactCustomerInsights): string {
  const { breakdown } = insights;
  const hundredths = (values: number[]) => `{${values.map((v) => Math.round(v * 100)).join(',')}}`;
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
    hundredths(insights.biases.map((b) => b.score)),
    hundredths(insights.biases.map((b) => b.confidence)),
  ].join('\t');
}
