import type { BiasName, BreakdownKey, Segment } from '@behavio/contract';
import { SEGMENT_LABELS } from '@/lib/display-rules';

/**
 * What each score means, for the tooltips of the RM screens. The wording follows the
 * behavioural-finance engine (`@behavio/insights`: priority.ts, breakdown.ts, segment.ts,
 * biases.ts), which docs/insights-model.md describes.
 */

export const PRIORITY_HELP =
  'Priority (0-10): the worse of bias severity and risk urgency, raised by a recent event (time sensitivity), with a little more when a strong bias drives an acute risk and for customer value. Higher means call sooner.';

export const URGENCY_HELP =
  'Urgent from a priority of 8 (a recent event on a high-risk portfolio is always urgent); high from 6; medium from 4; otherwise low.';

export const RISK_LEVEL_HELP =
  'Risk level from risk urgency: above 6 high, above 3 medium, otherwise low.';

export const BIAS_SCORE_HELP =
  'Score (0-100): how strongly the customer’s figures show the bias. Confidence: how much evidence stands behind the score. Listed by strength (score × confidence), so a well-evidenced bias comes before a higher score with little evidence behind it.';

/** The four breakdown measures, each 0-10. */
export const BREAKDOWN_HELP: Record<BreakdownKey, string> = {
  bias_severity:
    'How strong the customer’s strongest behavioural biases are (score × confidence of the top three).',
  risk_urgency:
    'How acute the portfolio risk is: leverage, single-stock concentration, drawdown and the gap between the portfolio and the stated risk profile.',
  time_sensitivity:
    'How recent a triggering event is (a social-hype peak, a loss sale or averaging down); it fades as the event gets older.',
  customer_value:
    'Relationship value: from AUM and 12-month revenue when the file has them, otherwise estimated from sub-accounts, experience and trading turnover.',
};

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

/** What each bias looks like in the customer's figures. */
export const BIAS_HELP: Record<BiasName, string> = {
  overconfidence:
    'Trust in one’s own calls: heavy trading against peers, a stated risk appetite above the knowledge quiz, single stocks and leverage.',
  herding:
    'Following the crowd: buying socially hyped names, heavy news reading and acting on upbeat news.',
  anchoring:
    'Fixation on the price paid: positions far below it, limit orders at the purchase price and averaging down.',
  loss_aversion:
    'Losses weigh more than gains: stop-loss and loss sales, a deep drawdown and a large cash buffer.',
  disposition_effect:
    'Selling winners too early and keeping losers: many more gains taken than losses, averaging down.',
  home_bias: 'Most of the money in the home market, far above its share of world markets.',
  risk_aversion:
    'A preference for safety: a large cash share, a low stated risk profile and few single stocks.',
  mental_accounting:
    'Money split into separate pots: many sub-accounts, or borrowing while holding idle cash.',
  status_quo: 'Inertia: no trade for a long time, no rebalance this year and cash left uninvested.',
};

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

export const SEGMENT_HELP =
  'Each customer is placed in the segment of their strongest behavioural pattern (score × confidence); balanced when no pattern reaches 35. Segments describe behaviour, not portfolio risk: a balanced customer can still carry high risk, as the risk badge shows.';
