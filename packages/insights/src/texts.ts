import type { BiasName, CustomerRecord } from '@behavio/contract';
import { BIASES, type Bias, type Term } from './biases.js';
import { impliedRisk } from './breakdown.js';
import { ago, drawdownOf, tenth } from './facts.js';
import { num, pct } from './format.js';
import type { FreshEvent, Lead, RiskLead } from './lead.js';
import type { CustomerNumbers } from './numbers.js';

/**
 * The words of an insight: the recommended action and the `why` text, written from a row and its
 * numbers (numbers.ts). Both name the lead issue with the customer's own figures. Templates:
 * docs/insights-model.md §10.
 */

/** The two texts of an insight. */
export interface CustomerTexts {
  readonly recommended_action: string;
  readonly why: string;
}

/** What the words quote of the lead bias: its words, score, confidence and top two terms. */
export interface LeadWords {
  readonly bias: Bias;
  readonly score: number;
  readonly confidence: number;
  /** Its two largest terms of evidence, largest first (none: no evidence). */
  readonly terms: readonly Term[];
}

const BIAS_BY_NAME = new Map<BiasName, Bias>(BIASES.map((b) => [b.name, b]));

/** The lead bias of a row's numbers, with the terms its plan names. */
export function leadWordsOf(n: CustomerNumbers): LeadWords {
  const { lead_bias, lead_terms } = n.texts;
  const bias = BIAS_BY_NAME.get(lead_bias)!;
  const lead = n.top_biases[0]!;
  const terms = lead_terms.map((name) => {
    const term = bias.terms.find((t) => t.name === name);
    if (term === undefined) throw new Error(`${lead_bias} has no term "${name}"`);
    return term;
  });
  return { bias, score: lead.score, confidence: lead.confidence, terms };
}

/** The fall as its size ("a 32% drawdown"): "a -32% drawdown" would read as a double negative. */
const drawdownPhrase = (r: CustomerRecord): string =>
  r.max_drawdown_pct < 0 ? drawdownOf(-r.max_drawdown_pct, false) : 'no drawdown yet';

/** The two largest pieces of evidence as one phrase: "x and y", or "x" when there is one. */
function evidencePhrase(r: CustomerRecord, terms: readonly Term[], first: boolean) {
  const [a, b] = terms;
  if (a === undefined) return '';
  const head = a.fact(r, first);
  return b === undefined ? head : `${head} and ${b.fact(r, false)}`;
}

/** An action in two parts, "{facts}: {step}", so an aside and a fresh event can join the facts. */
interface LeadParts {
  readonly facts: string;
  readonly step: string;
  readonly why: string;
}

/** The facts, step and `why` text of the lead issue. */
function leadParts(r: CustomerRecord, lead: Lead, leadBias: LeadWords): LeadParts {
  const rp = num(r.risk_profile);
  switch (lead) {
    case 'leverage':
      return {
        facts: `Leverage at ${num(r.leverage_ratio)}x with ${drawdownPhrase(r)}`,
        step: 'review margin exposure and agree a de-leveraging plan',
        why: `Your portfolio is carrying extra risk: leverage at ${num(r.leverage_ratio)}x and ${drawdownPhrase(r)}.`,
      };
    case 'concentration':
      return {
        facts: `${num(r.single_stock_pct)}% in single stocks with ${drawdownPhrase(r)}`,
        step: 'agree a concentration limit and a plan to diversify into funds',
        why: `Your portfolio is carrying extra risk: ${num(r.single_stock_pct)}% in single stocks and ${drawdownPhrase(r)}.`,
      };
    case 'drawdown':
      return {
        facts: `${drawdownOf(-r.max_drawdown_pct, true)} on a stated risk profile of ${rp}/10`,
        step: 'check how the customer feels about the loss and restate the plan before they act on it',
        why: `Your portfolio has fallen sharply: ${drawdownPhrase(r)} against a stated risk profile of ${rp}/10.`,
      };
    case 'mismatch': {
      const implied = impliedRisk(r);
      const more = implied > r.risk_profile;
      return {
        facts: `Portfolio risk of about ${num(implied)}/10 against a stated risk profile of ${rp}/10`,
        step: more
          ? 'rerun the suitability review and bring the allocation back in line'
          : 'confirm the risk profile and whether the cautious allocation is intended',
        why: `Your portfolio carries ${more ? 'more' : 'less'} risk than the profile you chose: about ${num(implied)}/10 against ${rp}/10.`,
      };
    }
    case 'bias': {
      const { bias, terms } = leadBias;
      return {
        facts: evidencePhrase(r, terms, true),
        step: bias.step,
        why: `${bias.opening}: ${evidencePhrase(r, terms, false)}.`,
      };
    }
    case 'review':
      return {
        facts:
          leadBias.score === 0
            ? `No behavioural signal in the data (risk profile ${rp}/10, ${num(r.cash_pct)}% in cash)`
            : `No strong behavioural signal (strongest: ${leadBias.bias.label} at ${num(leadBias.score)}/100, ${pct(leadBias.confidence)}% confidence)`,
        step:
          leadBias.score === 0
            ? 'hold a routine review and reconfirm goals and risk profile'
            : `hold a routine review and reconfirm goals and the ${rp}/10 risk profile`,
        why:
          leadBias.terms.length === 0
            ? 'Your decisions look balanced: no behavioural pattern stands out in the data.'
            : `Your decisions look balanced: no pattern stands out strongly; the clearest sign is ${evidencePhrase(r, leadBias.terms, false)}.`,
      };
  }
}

/** A risk signal as a phrase for an aside ("leverage at 2.1x"). */
function riskFact(r: CustomerRecord, risk: RiskLead): string {
  switch (risk) {
    case 'leverage':
      return `leverage at ${num(r.leverage_ratio)}x`;
    case 'concentration':
      return `${num(r.single_stock_pct)}% in single stocks`;
    case 'drawdown':
      return drawdownPhrase(r);
    case 'mismatch':
      return `portfolio risk of about ${num(impliedRisk(r))}/10 against a stated ${num(r.risk_profile)}/10`;
  }
}

/** The names of the fresh events, as the action writes them. */
const EVENT_NAMES: Readonly<Record<FreshEvent, string>> = {
  days_since_hype_peak: 'a hype peak',
  days_since_loss_sell: 'a loss sale',
  days_since_last_average_down: 'averaging down',
};

/** A fresh event as a phrase: "a loss sale 3 days ago". */
export const eventPhrase = (r: CustomerRecord, event: FreshEvent): string =>
  `${EVENT_NAMES[event]} ${ago(tenth(r[event]))}`;

/**
 * The recommended action and the `why` text of a row, from its numbers:
 * "{facts}[, with {acute risk}][, after {fresh event}]: {step}". The event is left out when
 * the facts already quote it (a bias whose evidence is the event's column).
 */
export function writeTexts(r: CustomerRecord, n: CustomerNumbers): CustomerTexts {
  const plan = n.texts;
  const leadBias = leadWordsOf(n);
  const { facts, step, why } = leadParts(r, plan.lead, leadBias);
  const quoted = plan.lead === 'bias' ? leadBias.terms.map((t) => t.column) : [];
  const aside = plan.aside === null ? '' : `, with ${riskFact(r, plan.aside)}`;
  const event =
    plan.event === null || quoted.includes(plan.event)
      ? ''
      : `, after ${eventPhrase(r, plan.event)}`;
  return { recommended_action: `${facts}${aside}${event}: ${step}`, why };
}
