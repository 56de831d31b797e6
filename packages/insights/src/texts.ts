import type { CustomerRecord, RiskLevel } from '@behavio/contract';
import {
  concentrationRisk,
  drawdownRisk,
  impliedRisk,
  leverageRisk,
  mismatchRisk,
} from './breakdown.js';
import type { BiasResult, TermResult } from './evaluate.js';
import { drawdownOf } from './facts.js';
import { num, pct } from './format.js';

/**
 * The recommended action and the `why` text. Both name the lead issue with the customer's own
 * figures. Rules and templates: docs/insights-model.md §10.
 */

/** What the texts are about: one of the four risk signals, the lead bias, or a routine review. */
export type Lead = 'leverage' | 'concentration' | 'drawdown' | 'mismatch' | 'bias' | 'review';

/** Below this strength (score x confidence) the lead bias is too weak to lead: a routine review. */
export const BIAS_LEAD_MIN_STRENGTH = 20;

/** What the lead is chosen from: the row's risk and bias measures and its lead bias. */
export interface LeadInputs {
  readonly biasSeverity: number;
  readonly riskUrgency: number;
  readonly riskLevel: RiskLevel;
  readonly leadBias: BiasResult;
}

/**
 * The lead issue. Risk leads when the risk level is high and risk urgency is at least the bias
 * severity: the largest risk signal (ties: leverage, concentration, drawdown, mismatch).
 * Otherwise the lead bias leads if it has evidence and a strength of at least
 * BIAS_LEAD_MIN_STRENGTH; else a routine review.
 */
export function chooseLead(r: CustomerRecord, x: LeadInputs): Lead {
  if (x.riskLevel === 'high' && x.riskUrgency >= x.biasSeverity) {
    const signals: [Lead, number][] = [
      ['leverage', leverageRisk(r)],
      ['concentration', concentrationRisk(r)],
      ['drawdown', drawdownRisk(r)],
      ['mismatch', mismatchRisk(r)],
    ];
    let [lead, largest] = signals[0]!;
    for (const [name, value] of signals) {
      if (value > largest) [lead, largest] = [name, value];
    }
    return lead;
  }
  const bias = x.leadBias;
  if (bias.evidence.length > 0 && bias.strength >= BIAS_LEAD_MIN_STRENGTH) return 'bias';
  return 'review';
}

/** The two texts of an insight. */
export interface LeadTexts {
  readonly action: string;
  readonly why: string;
}

/** The fall as its size ("a 32% drawdown"): "a -32% drawdown" would read as a double negative. */
const drawdownPhrase = (r: CustomerRecord): string =>
  r.max_drawdown_pct < 0 ? drawdownOf(-r.max_drawdown_pct, false) : 'no drawdown yet';

/** The two largest pieces of evidence as one phrase: "x and y", or "x" when there is one. */
function evidencePhrase(r: CustomerRecord, evidence: readonly TermResult[], first: boolean) {
  const [a, b] = evidence;
  if (a === undefined) return '';
  const head = a.term.fact(r, first);
  return b === undefined ? head : `${head} and ${b.term.fact(r, false)}`;
}

/** The recommended action and the `why` text for the lead issue. */
export function leadTexts(r: CustomerRecord, lead: Lead, leadBias: BiasResult): LeadTexts {
  const rp = num(r.risk_profile);
  switch (lead) {
    case 'leverage':
      return {
        action: `Leverage at ${num(r.leverage_ratio)}x with ${drawdownPhrase(r)}: review margin exposure and agree a de-leveraging plan`,
        why: `Your portfolio is carrying extra risk: leverage at ${num(r.leverage_ratio)}x and ${drawdownPhrase(r)}.`,
      };
    case 'concentration':
      return {
        action: `${num(r.single_stock_pct)}% in single stocks with ${drawdownPhrase(r)}: agree a concentration limit and a plan to diversify into funds`,
        why: `Your portfolio is carrying extra risk: ${num(r.single_stock_pct)}% in single stocks and ${drawdownPhrase(r)}.`,
      };
    case 'drawdown':
      return {
        action: `${drawdownOf(-r.max_drawdown_pct, true)} on a stated risk profile of ${rp}/10: check how the customer feels about the loss and restate the plan before they act on it`,
        why: `Your portfolio has fallen sharply: ${drawdownPhrase(r)} against a stated risk profile of ${rp}/10.`,
      };
    case 'mismatch': {
      const implied = impliedRisk(r);
      const more = implied > r.risk_profile;
      return {
        action: more
          ? `Portfolio risk of about ${num(implied)}/10 against a stated risk profile of ${rp}/10: rerun the suitability review and bring the allocation back in line`
          : `Portfolio risk of about ${num(implied)}/10 against a stated risk profile of ${rp}/10: confirm the risk profile and whether the cautious allocation is intended`,
        why: `Your portfolio carries ${more ? 'more' : 'less'} risk than the profile you chose: about ${num(implied)}/10 against ${rp}/10.`,
      };
    }
    case 'bias': {
      const { bias, evidence } = leadBias;
      return {
        action: `${evidencePhrase(r, evidence, true)}: ${bias.step}`,
        why: `${bias.opening}: ${evidencePhrase(r, evidence, false)}.`,
      };
    }
    case 'review':
      return {
        action:
          leadBias.score === 0
            ? `No behavioural signal in the data (risk profile ${rp}/10, ${num(r.cash_pct)}% in cash): hold a routine review and reconfirm goals and risk profile`
            : `No strong behavioural signal (strongest: ${leadBias.bias.label} at ${num(leadBias.score)}/100, ${pct(leadBias.confidence)}% confidence): hold a routine review and reconfirm goals and the ${rp}/10 risk profile`,
        why:
          leadBias.evidence.length === 0
            ? 'Your decisions look balanced: no behavioural pattern stands out in the data.'
            : `Your decisions look balanced: no pattern stands out strongly; the clearest sign is ${evidencePhrase(r, leadBias.evidence, false)}.`,
      };
  }
}
