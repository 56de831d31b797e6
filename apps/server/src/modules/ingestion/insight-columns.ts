/**
 * Insight columns of customer_insights (and of an import's load table), in the order of the COPY text
 * that `scoreCustomerCopyText` (@behavio/insights) writes for a row.
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
