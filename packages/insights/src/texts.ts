import type { CustomerRecord, RiskLevel, Segment } from '@behavio/contract';
import {
  averageDownWindow,
  concentrationRisk,
  hypeWindow,
  lossSaleWindow,
  drawdownRisk,
  impliedRisk,
  leverageRisk,
  mismatchRisk,
} from './breakdown.js';
import type { LeadBias, TermResult } from './evaluate.js';
import { ago, drawdownOf, tenth } from './facts.js';
import { FRESH_EVENT_TIME_SENSITIVITY } from './priority.js';
import { num, pct } from './format.js';

/**
 * The recommended action and the `why` text. Both name the lead issue with the customer's own
 * figures. Rules and templates: docs/insights-model.md §10.
 */

/** The four risk signals that can lead the texts. */
export type RiskLead = 'leverage' | 'concentration' | 'drawdown' | 'mismatch';

/** What the texts are about: one of the four risk signals, the lead bias, or a routine review. */
export type Lead = RiskLead | 'bias' | 'review';

/**
 * The risk signals that belong to each segment's story, so a risk can lead without
 * contradicting the segment: leverage, concentration and taking more risk than stated are
 * overconfidence's own terms; a deep fall is what loss aversion reacts to; a balanced customer
 * has no bias story, so any risk can lead. Anchored customers' story is the price paid.
 */
export const RISK_STORY: Readonly<Record<Segment, readonly RiskLead[]>> = {
  balanced: ['leverage', 'concentration', 'drawdown', 'mismatch'],
  overconfident: ['leverage', 'concentration', 'mismatch'],
  herd_followers: ['leverage', 'concentration'],
  anchored: [],
  risk_averse: ['drawdown', 'mismatch'],
};

/** What the lead is chosen from: the row's risk and bias measures, segment and lead bias. */
export interface LeadInputs {
  readonly biasSeverity: number;
  readonly riskUrgency: number;
  readonly riskLevel: RiskLevel;
  readonly segment: Segment;
  /** The strongest bias (top_biases[0]), whose segment the customer is in unless balanced. */
  readonly leadBias: LeadBias;
}

/** The largest of the four risk signals (ties: leverage, concentration, drawdown, mismatch). */
export function largestRisk(r: CustomerRecord): RiskLead {
  const signals: [RiskLead, number][] = [
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

/** The risk is acute: high risk level, and risk urgency at least the bias severity. */
const riskIsAcute = (x: LeadInputs): boolean =>
  x.riskLevel === 'high' && x.riskUrgency >= x.biasSeverity;

/**
 * The lead issue. An acute risk (high risk level, risk urgency at least the bias severity)
 * leads with its largest signal when that signal belongs to the segment's story (RISK_STORY).
 * Otherwise a strong lead bias (not balanced) leads, with evidence; else a routine review.
 */
export function chooseLead(r: CustomerRecord, x: LeadInputs): Lead {
  if (riskIsAcute(x)) {
    const risk = largestRisk(r);
    if (RISK_STORY[x.segment].includes(risk)) return risk;
  }
  if (x.segment !== 'balanced' && x.leadBias.evidence.length > 0) return 'bias';
  return 'review';
}

/**
 * The acute risk a bias-led action names too ("…, with leverage at 2.1x"), when the risk is
 * acute but does not belong to the segment's story; null otherwise.
 */
export function riskAside(r: CustomerRecord, lead: Lead, x: LeadInputs): RiskLead | null {
  return lead === 'bias' && riskIsAcute(x) ? largestRisk(r) : null;
}

/** A fresh event the action names: its column and phrase ("a loss sale 3 days ago"). */
export interface FreshEvent {
  readonly column: 'days_since_hype_peak' | 'days_since_loss_sell' | 'days_since_last_average_down';
  readonly phrase: string;
}

/**
 * The freshest event when it makes the call time-sensitive (its window is at least
 * FRESH_EVENT_TIME_SENSITIVITY / 10: a loss sale or averaging down in the last 10 days, a hype
 * peak of a strongly hyped name a few days old); null otherwise. Ties: hype, loss sale,
 * averaging down.
 */
export function freshEvent(r: CustomerRecord): FreshEvent | null {
  const events: [FreshEvent['column'], number, string][] = [
    ['days_since_hype_peak', hypeWindow(r), 'a hype peak'],
    ['days_since_loss_sell', lossSaleWindow(r), 'a loss sale'],
    ['days_since_last_average_down', averageDownWindow(r), 'averaging down'],
  ];
  let [column, window, name] = events[0]!;
  for (const e of events) if (e[1] > window) [column, window, name] = e;
  if (10 * window < FRESH_EVENT_TIME_SENSITIVITY) return null;
  return { column, phrase: `${name} ${ago(tenth(r[column]))}` };
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

/** An action in two parts, "{facts}: {step}", so an aside and a fresh event can join the facts. */
interface LeadParts {
  readonly facts: string;
  readonly step: string;
  readonly why: string;
}

/** The facts, step and `why` text of the lead issue. */
function leadParts(r: CustomerRecord, lead: Lead, leadBias: LeadBias): LeadParts {
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
      const { bias, evidence } = leadBias;
      return {
        facts: evidencePhrase(r, evidence, true),
        step: bias.step,
        why: `${bias.opening}: ${evidencePhrase(r, evidence, false)}.`,
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
          leadBias.evidence.length === 0
            ? 'Your decisions look balanced: no behavioural pattern stands out in the data.'
            : `Your decisions look balanced: no pattern stands out strongly; the clearest sign is ${evidencePhrase(r, leadBias.evidence, false)}.`,
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

/** What the action adds to the lead's facts: an acute risk outside the story, a fresh event. */
export interface ActionExtras {
  readonly aside: RiskLead | null;
  readonly event: FreshEvent | null;
}

/**
 * The recommended action and the `why` text for the lead issue:
 * "{facts}[, with {acute risk}][, after {fresh event}]: {step}". The event is left out when
 * the facts already quote it (a bias whose evidence is the event's column).
 */
export function leadTexts(
  r: CustomerRecord,
  lead: Lead,
  leadBias: LeadBias,
  extras: ActionExtras,
): LeadTexts {
  const { facts, step, why } = leadParts(r, lead, leadBias);
  const quoted = lead === 'bias' ? leadBias.evidence.slice(0, 2).map((t) => t.term.column) : [];
  const aside = extras.aside === null ? '' : `, with ${riskFact(r, extras.aside)}`;
  const event =
    extras.event === null || quoted.includes(extras.event.column)
      ? ''
      : `, after ${extras.event.phrase}`;
  return { action: `${facts}${aside}${event}: ${step}`, why };
}
