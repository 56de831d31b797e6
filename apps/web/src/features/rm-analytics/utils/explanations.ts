import type { BiasName, BreakdownKey, Segment } from '@behavio/contract';
import {
  BIAS_DESCRIPTIONS,
  BREAKDOWN_DESCRIPTIONS,
  RISK_LEVEL_DESCRIPTION,
  SEGMENT_DESCRIPTION,
  URGENCY_DESCRIPTION,
} from '@behavio/insights/descriptions';
import { SEGMENT_LABELS } from '@/lib/display-rules';

/**
 * What each score means, for the tooltips of the RM screens. What the model defines (each
 * bias, each breakdown measure, the urgency and risk bands, the segment rule) is read from the
 * engine's own tables (`@behavio/insights/descriptions`), so a tooltip cannot drift from the
 * model; the rest is the screens' own wording.
 */

export const PRIORITY_HELP =
  'Priority (0-10): the worse of bias severity and risk urgency, raised by a recent event (time sensitivity), with a little more when a strong bias drives an acute risk and for customer value. Higher means call sooner.';

export const URGENCY_HELP = URGENCY_DESCRIPTION;

export const RISK_LEVEL_HELP = RISK_LEVEL_DESCRIPTION;

export const BIAS_SCORE_HELP =
  'Score (0-100): how strongly the customer’s figures show the bias. Confidence: how much evidence stands behind the score. Listed by strength (score × confidence), so a well-evidenced bias comes before a higher score with little evidence behind it.';

/** The four breakdown measures, each 0-10. */
export const BREAKDOWN_HELP: Record<BreakdownKey, string> = BREAKDOWN_DESCRIPTIONS;

export const BREAKDOWN_LABELS: Record<BreakdownKey, string> = {
  bias_severity: 'Bias Severity',
  risk_urgency: 'Risk Urgency',
  time_sensitivity: 'Time Sensitivity',
  customer_value: 'Customer Value',
};

/** product-rules: Screens Risk Ranking: Bias Severity has one decimal, the other three measures two. */
export const BREAKDOWN_DECIMALS: Record<BreakdownKey, number> = {
  bias_severity: 1,
  risk_urgency: 2,
  time_sensitivity: 2,
  customer_value: 2,
};

/** What each bias looks like in the customer's figures, from the model's bias table. */
export const BIAS_HELP: Record<BiasName, string> = Object.fromEntries(
  Object.entries(BIAS_DESCRIPTIONS).map(([name, b]) => [name, b.description]),
) as Record<BiasName, string>;

/** product-rules: Screens Behavioral Segments: the five segments with their descriptions, in spec order. */
export const SEGMENT_INFO: Record<Segment, { label: string; description: string }> = {
  risk_averse: {
    label: SEGMENT_LABELS.risk_averse,
    description: 'Customers who prefer safe, conservative investments',
  },
  overconfident: {
    label: SEGMENT_LABELS.overconfident,
    description: 'Customers showing overconfidence bias in decisions',
  },
  herd_followers: {
    label: SEGMENT_LABELS.herd_followers,
    description: 'Customers influenced by popular trends and peer behavior',
  },
  anchored: {
    label: SEGMENT_LABELS.anchored,
    description: 'Customers fixated on specific reference points',
  },
  balanced: {
    label: SEGMENT_LABELS.balanced,
    description: 'Customers with well-balanced decision-making patterns',
  },
};

export const SEGMENT_HELP = SEGMENT_DESCRIPTION;
