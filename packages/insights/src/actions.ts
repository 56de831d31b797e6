import type { BiasName, CustomerRecord, RiskLevel } from '@behavio/contract';
import {
  concentrationRisk,
  drawdownRisk,
  impliedRisk,
  leverageRisk,
  mismatchRisk,
} from './breakdown.js';
import { BIAS_NAMES } from '@behavio/contract';
import { evidenceTerm, termText, type BiasScratch } from './bias-scores.js';
import { TEXT } from './term-texts.js';
import { num, pct } from './format.js';
import { flat } from './text-cache.js';

/**
 * The recommended action and the `why` text. Both name the lead issue with the customer's own
 * figures. Templates: docs/insights-model.md §10.
 */

/** What the texts are about: one of the four risk-urgency terms, the top bias, or a routine review. */
export const LEAD = {
  leverage: 0,
  concentration: 1,
  drawdown: 2,
  mismatch: 3,
  bias: 4,
  review: 5,
} as const;
export type Lead = (typeof LEAD)[keyof typeof LEAD];

/** Below this strength (score x confidence) the top bias is too weak to lead: a routine review. */
export const BIAS_LEAD_MIN_STRENGTH = 20;

/** Bias names in words. */
export const BIAS_LABEL: Record<BiasName, string> = {
  overconfidence: 'overconfidence',
  herding: 'herding',
  anchoring: 'anchoring',
  loss_aversion: 'loss aversion',
  disposition_effect: 'disposition effect',
  home_bias: 'home bias',
  risk_aversion: 'risk aversion',
  mental_accounting: 'mental accounting',
  status_quo: 'status quo',
};

/** The step the RM should take, after Pompian: moderate cognitive biases, adapt to emotional ones. */
export const BIAS_STEP: Record<BiasName, string> = {
  overconfidence:
    'show the after-cost results of frequent trading and agree limits on position size and leverage',
  herding: 'agree a cooling-off rule for trend-driven buys and check each idea against the plan',
  anchoring:
    'review the position on its prospects today rather than the price paid, and pause averaging down',
  loss_aversion:
    'walk through the long-term plan before any further sale and agree in advance what to do in a fall',
  disposition_effect:
    'review losing positions on their current merits and plan gains and losses together, including tax-loss harvesting',
  home_bias: 'show how much rides on one market and discuss adding global diversification',
  risk_aversion:
    "check the allocation against the customer's goals and horizon and discuss whether a phased move into growth assets fits",
  mental_accounting:
    'review all accounts as one portfolio and consolidate where the split serves no purpose',
  status_quo: 'book a portfolio review and rebalance to the agreed allocation',
};

/** Opening of the `why` text, in words a customer can hear. */
export const BIAS_WHY: Record<BiasName, string> = {
  overconfidence: 'Your recent activity suggests a lot of confidence in your own calls',
  herding: 'Your recent trades seem to follow what is popular',
  anchoring: 'You seem to be anchored to the price you paid',
  loss_aversion: 'Recent losses seem to be weighing on your decisions',
  disposition_effect: 'You tend to sell winners and keep losers',
  home_bias: 'Most of your money rides on your home market',
  risk_aversion: 'Your portfolio is more cautious than it may need to be',
  mental_accounting: 'Your money is split into separate pots',
  status_quo: 'Your portfolio has not been reviewed for a while',
};

const STEP_BY_INDEX: readonly string[] = BIAS_NAMES.map((n) => flat(`: ${BIAS_STEP[n]}`));
const WHY_BY_INDEX: readonly string[] = BIAS_NAMES.map((n) => flat(`${BIAS_WHY[n]}: `));
const LABEL_BY_INDEX: readonly string[] = BIAS_NAMES.map((n) => BIAS_LABEL[n]);

/**
 * The lead issue. Risk leads when the risk level is high and risk urgency is at least the bias
 * severity: the largest risk signal (ties: leverage, concentration, drawdown, mismatch).
 * Otherwise the lead bias (index `top` into the scratch: the segment's bias, or the strongest
 * bias for a balanced customer) leads if it has evidence and its strength (score x
 * confidence) reaches BIAS_LEAD_MIN_STRENGTH; else a routine review.
 */
export function chooseLead(
  r: CustomerRecord,
  s: BiasScratch,
  top: number,
  biasSeverity: number,
  riskUrgency: number,
  risk: RiskLevel,
): Lead {
  if (risk === 'high' && riskUrgency >= biasSeverity) {
    let lead: Lead = LEAD.leverage;
    let best = leverageRisk(r);
    const c = concentrationRisk(r);
    if (c > best) {
      lead = LEAD.concentration;
      best = c;
    }
    const d = drawdownRisk(r);
    if (d > best) {
      lead = LEAD.drawdown;
      best = d;
    }
    if (mismatchRisk(r) > best) lead = LEAD.mismatch;
    return lead;
  }
  if (top >= 0 && s.count[top]! > 0 && s.strength[top]! >= BIAS_LEAD_MIN_STRENGTH) {
    return LEAD.bias;
  }
  return LEAD.review;
}

/** The fall as its size ("a 32% drawdown"): "a -32% drawdown" would read as a double negative. */
const drawdownPhrase = (r: CustomerRecord): string =>
  r.max_drawdown_pct < 0 ? `a ${num(-r.max_drawdown_pct)}% drawdown` : 'no drawdown yet';

/** The bias's two largest pieces of evidence as one phrase, "x and y" (the review's clearest sign). */
function evidencePhrase(s: BiasScratch, r: CustomerRecord, b: number): string {
  const t0 = evidenceTerm(s, b, 0);
  if (t0 < 0) return '';
  const t1 = evidenceTerm(s, b, 1);
  if (t1 < 0) return termText(s, r, t0, TEXT.lower);
  return termText(s, r, t0, TEXT.lowerAnd) + termText(s, r, t1, TEXT.lower);
}

/**
 * The recommended action: the lead issue with the customer's figures, then the step to take.
 * `top` is the strongest bias (its index in BIAS_NAMES); `s` is the scratch the row was just
 * scored into.
 */
function recommendedAction(
  r: CustomerRecord,
  lead: OtherLead,
  top: number,
  s: BiasScratch,
): string {
  switch (lead) {
    case LEAD.leverage:
      return `Leverage at ${num(r.leverage_ratio)}x with ${drawdownPhrase(r)}: review margin exposure and agree a de-leveraging plan`;
    case LEAD.concentration:
      return `${num(r.single_stock_pct)}% in single stocks with ${drawdownPhrase(r)}: agree a concentration limit and a plan to diversify into funds`;
    case LEAD.drawdown:
      return `A ${num(-r.max_drawdown_pct)}% drawdown on a stated risk profile of ${num(r.risk_profile)}/10: check how the customer feels about the loss and restate the plan before they act on it`;
    case LEAD.mismatch: {
      const implied = impliedRisk(r);
      return implied > r.risk_profile
        ? `Portfolio risk of about ${num(implied)}/10 against a stated risk profile of ${num(r.risk_profile)}/10: rerun the suitability review and bring the allocation back in line`
        : `Portfolio risk of about ${num(implied)}/10 against a stated risk profile of ${num(r.risk_profile)}/10: confirm the risk profile and whether the cautious allocation is intended`;
    }
    case LEAD.review:
      return top < 0 || s.score[top] === 0
        ? `No behavioural signal in the data (risk profile ${num(r.risk_profile)}/10, ${num(r.cash_pct)}% in cash): hold a routine review and reconfirm goals and risk profile`
        : `No strong behavioural signal (strongest: ${LABEL_BY_INDEX[top]!} at ${num(s.score[top]!)}/100, ${pct(s.roundedConfidence[top]!)}% confidence): hold a routine review and reconfirm goals and the ${num(r.risk_profile)}/10 risk profile`;
  }
}

/** A short plain-words explanation of the lead issue an RM can read to the customer. */
function whyText(r: CustomerRecord, lead: OtherLead, top: number, s: BiasScratch): string {
  switch (lead) {
    case LEAD.leverage:
      return `Your portfolio is carrying extra risk: leverage at ${num(r.leverage_ratio)}x and ${drawdownPhrase(r)}.`;
    case LEAD.concentration:
      return `Your portfolio is carrying extra risk: ${num(r.single_stock_pct)}% in single stocks and ${drawdownPhrase(r)}.`;
    case LEAD.drawdown:
      return `Your portfolio has fallen sharply: ${drawdownPhrase(r)} against a stated risk profile of ${num(r.risk_profile)}/10.`;
    case LEAD.mismatch: {
      const implied = impliedRisk(r);
      return `Your portfolio carries ${implied > r.risk_profile ? 'more' : 'less'} risk than the profile you chose: about ${num(implied)}/10 against ${num(r.risk_profile)}/10.`;
    }
    case LEAD.review:
      return top < 0 || s.count[top] === 0
        ? 'Your decisions look balanced: no behavioural pattern stands out in the data.'
        : `Your decisions look balanced: no pattern stands out strongly; the clearest sign is ${evidencePhrase(s, r, top)}.`;
  }
}

/** A lead other than the lead bias, whose texts are templates around the row's figures. */
type OtherLead = Exclude<Lead, typeof LEAD.bias>;

/** Where the two texts of a row are written. */
export interface LeadTexts {
  action: string;
  why: string;
}

/**
 * Writes the recommended action and the `why` text of the lead issue to `out`. `top` is the
 * lead bias (its index in BIAS_NAMES); `s` is the scratch the row was just scored into.
 */
export function writeLeadTexts(
  r: CustomerRecord,
  lead: Lead,
  top: number,
  s: BiasScratch,
  out: LeadTexts,
): void {
  if (lead === LEAD.bias) {
    writeBiasLeadTexts(r, top, s, out);
    return;
  }
  out.action = recommendedAction(r, lead, top, s);
  out.why = whyText(r, lead, top, s);
}

/**
 * The texts of most rows: the lead bias's evidence, then the step (action) or after the
 * opening (why). The second piece of evidence reads the same in both, so it is looked up once.
 * Joined with + rather than template literals, which convert each part to a string again.
 */
function writeBiasLeadTexts(r: CustomerRecord, top: number, s: BiasScratch, out: LeadTexts) {
  const t0 = evidenceTerm(s, top, 0);
  const t1 = evidenceTerm(s, top, 1);
  if (t1 < 0) {
    out.action = termText(s, r, t0, TEXT.upper) + STEP_BY_INDEX[top]!;
    out.why = WHY_BY_INDEX[top]! + termText(s, r, t0, TEXT.lower) + '.';
    return;
  }
  const second = termText(s, r, t1, TEXT.lower);
  out.action = termText(s, r, t0, TEXT.upperAnd) + second + STEP_BY_INDEX[top]!;
  out.why = WHY_BY_INDEX[top]! + termText(s, r, t0, TEXT.lowerAnd) + second + '.';
}
