import type { BiasName, BreakdownKey } from '@behavio/contract';
import { BIASES } from './biases.js';
import { RISK_ABOVE, URGENCY_FROM } from './priority.js';
import { STRONG_BIAS_STRENGTH } from './segment.js';

/**
 * What each score means, in words for the RM screens' tooltips, read from the model itself: the
 * bias descriptions from the bias table (biases.ts), the bands from the constants that draw
 * them, so a tooltip cannot drift from the model. The web imports this file alone
 * (`@behavio/insights/descriptions`).
 */

/** Each bias's label and what it looks like in a customer's figures. */
export const BIAS_DESCRIPTIONS = Object.fromEntries(
  BIASES.map((b) => [b.name, { label: b.label, description: b.description }]),
) as Readonly<Record<BiasName, { readonly label: string; readonly description: string }>>;

/** The four breakdown measures, each 0-10 (docs/insights-model.md §7). */
export const BREAKDOWN_DESCRIPTIONS: Readonly<Record<BreakdownKey, string>> = {
  bias_severity:
    'How strong the customer’s strongest behavioural biases are (score × confidence of the top three).',
  risk_urgency:
    'How acute the portfolio risk is: leverage, single-stock concentration, drawdown and the gap between the portfolio and the stated risk profile.',
  time_sensitivity:
    'How recent a triggering event is (a social-hype peak, a loss sale or averaging down); it fades as the event gets older.',
  customer_value:
    'Relationship value: from AUM and 12-month revenue when the file has them, otherwise estimated from sub-accounts, experience and trading turnover.',
};

/** The urgency bands (§8). */
export const URGENCY_DESCRIPTION = `Urgent from a priority of ${URGENCY_FROM.urgent} (a recent event on a high-risk portfolio is always urgent); high from ${URGENCY_FROM.high}; medium from ${URGENCY_FROM.medium}; otherwise low.`;

/** The risk-level bands (§8). */
export const RISK_LEVEL_DESCRIPTION = `Risk level from risk urgency: above ${RISK_ABOVE.high} high, above ${RISK_ABOVE.medium} medium, otherwise low.`;

/** How a customer's segment is chosen (§9). */
export const SEGMENT_DESCRIPTION = `Each customer is placed in the segment of their strongest behavioural pattern (score × confidence); balanced when no pattern reaches ${STRONG_BIAS_STRENGTH}. Segments describe behaviour, not portfolio risk: a balanced customer can still carry high risk, as the risk badge shows.`;
