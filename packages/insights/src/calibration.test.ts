import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  URGENCY_LEVELS,
  type CompactCustomerInsights,
  type CustomerRecord,
  type Segment,
} from '@behavio/contract';
import { BIASES } from './biases.js';
import { num } from './format.js';
import { scoreCustomerCompact } from './score.js';
import { BIAS_SEGMENT, STRONG_BIAS_STRENGTH } from './segment.js';
import { RISK_STORY, type RiskLead } from './lead.js';
import { customerRecordArb } from './testing/arbitrary.js';
import { generateCustomers } from './testing/random-customers.js';

/**
 * The calibration of docs/insights-model.md §14, recomputed on the realistic generated book
 * (seed 48, the seed of the server's `realisticCustomers` and the journeys): the share of each
 * urgency level, segment and risk level, fresh events at the top of the list, varied actions,
 * and a segment, top bias and action that tell one story.
 */

const BOOK_SIZE = 20_000;
const SEED = 48;
/** One RM's book of the realistic 2,000-customer file split over three RMs. */
const RM_BOOK = 665;

interface Scored {
  readonly r: CustomerRecord;
  readonly i: CompactCustomerInsights;
}

const book: Scored[] = generateCustomers(BOOK_SIZE, SEED).map((r) => ({
  r,
  i: scoreCustomerCompact(r),
}));

/** The list order of every RM list: priority descending, then urgency, then customer_id. */
const listOrder = (a: Scored, b: Scored): number =>
  b.i.priority_score - a.i.priority_score ||
  URGENCY_LEVELS.indexOf(a.i.urgency_level) - URGENCY_LEVELS.indexOf(b.i.urgency_level) ||
  (a.r.customer_id < b.r.customer_id ? -1 : a.r.customer_id > b.r.customer_id ? 1 : 0);

/** An event in the last `days`: a hype peak of a hyped name (40+), a loss sale, averaging down. */
const eventWithin = (r: CustomerRecord, days: number): boolean =>
  (r.social_hype_score >= 40 && r.days_since_hype_peak <= days) ||
  (r.stop_loss_sell_cnt + r.loss_takes > 0 && r.days_since_loss_sell <= days) ||
  (r.averaging_down_trades > 0 && r.days_since_last_average_down <= days);

/** An event in the last 7 days. */
const freshEvent = (r: CustomerRecord): boolean => eventWithin(r, 7);

/** Percent of the book, one decimal. */
const shareOf = (test: (x: Scored) => boolean): number =>
  Math.round((1000 * book.filter(test).length) / book.length) / 10;

/**
 * The measured distribution of docs/insights-model.md §14 (percent of 20,000 rows, seed 48).
 * A model change that moves any share by more than DRIFT points fails here: re-measure, check
 * the shares against the targets and update the doc with the new version.
 */
const MEASURED = {
  urgency: { urgent: 4.4, high: 13.1, medium: 30.4, low: 52.1 },
  segment: {
    overconfident: 7.8,
    herd_followers: 6.6,
    anchored: 11.9,
    risk_averse: 34.5,
    balanced: 39.2,
  },
  risk: { high: 13.7, medium: 17.3, low: 69.0 },
} as const;
const DRIFT = 0.3;

/** The calibration targets of §14 (percent of a book), from an RM's capacity. */
const TARGETS = {
  urgent: [2, 5],
  high: [8, 15],
  medium: [25, 35],
  low: [50, 65],
} as const;

const docPath = fileURLToPath(new URL('../../../docs/insights-model.md', import.meta.url));

describe('calibration on the generated book (20,000 rows, seed 48)', () => {
  const doc = readFileSync(docPath, 'utf8');

  it('lands every urgency level inside its target share', () => {
    for (const level of URGENCY_LEVELS) {
      const share = shareOf((x) => x.i.urgency_level === level);
      const [low, high] = TARGETS[level];
      expect(share, level).toBeGreaterThanOrEqual(low);
      expect(share, level).toBeLessThanOrEqual(high);
    }
  });

  it('has not drifted from the distribution the doc shows', () => {
    const measured = {
      urgency: (l: string) => shareOf((x) => x.i.urgency_level === l),
      segment: (s: string) => shareOf((x) => x.i.segment === s),
      risk: (l: string) => shareOf((x) => x.i.risk_level === l),
    };
    for (const [kind, shares] of Object.entries(MEASURED) as [keyof typeof MEASURED, object][]) {
      for (const [name, share] of Object.entries(shares) as [string, number][]) {
        expect(Math.abs(measured[kind](name) - share), `${kind} ${name}`).toBeLessThanOrEqual(
          DRIFT,
        );
        // The doc's table row: "| {kind} | {name} | {share}% |".
        const row = new RegExp(
          `\\|\\s*${kind}\\s*\\|\\s*${name}\\s*\\|\\s*${share.toFixed(1)}%\\s*\\|`,
        );
        expect(doc, `docs/insights-model.md §14 row ${kind} ${name}`).toMatch(row);
      }
    }
  });

  it('makes a heavily leveraged customer in a fresh loss event urgent, whatever else', () => {
    fc.assert(
      fc.property(
        customerRecordArb,
        fc.double({ min: 2, max: 10, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 7 }),
        (r, leverage, losses, days) => {
          const insight = scoreCustomerCompact({
            ...r,
            leverage_ratio: leverage,
            loss_takes: losses,
            days_since_loss_sell: days,
          });
          expect(insight.urgency_level).toBe('urgent');
          expect(insight.priority_score).toBeGreaterThanOrEqual(8);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('fresh events first', () => {
  it('lifts every customer with a fresh event above the same customer with no event', () => {
    for (const { r, i } of book.filter((x) => freshEvent(x.r)).slice(0, 2_000)) {
      // The same customer, every event at least two months old.
      const chronic = scoreCustomerCompact({
        ...r,
        days_since_hype_peak: Math.max(r.days_since_hype_peak, 60),
        days_since_loss_sell: Math.max(r.days_since_loss_sell, 60),
        days_since_last_average_down: Math.max(r.days_since_last_average_down, 60),
      });
      expect(i.priority_score, r.customer_id).toBeGreaterThanOrEqual(chronic.priority_score);
      if (i.breakdown.time_sensitivity >= 5 && chronic.priority_score < 10) {
        expect(i.priority_score, r.customer_id).toBeGreaterThan(chronic.priority_score);
      }
    }
  });

  it('fills the top 50 of each RM book mostly with events of the last one and two weeks', () => {
    // 28% of the book has an event in the last 7 days and 44% in the last 14.
    for (let start = 0; start < 3 * RM_BOOK; start += RM_BOOK) {
      const top = book
        .slice(start, start + RM_BOOK)
        .sort(listOrder)
        .slice(0, 50);
      const within = (days: number) => top.filter((x) => eventWithin(x.r, days)).length;
      expect(within(7), `book from ${start}`).toBeGreaterThanOrEqual(25);
      expect(within(14), `book from ${start}`).toBeGreaterThanOrEqual(30);
    }
  });

  it('where other measures are comparable, puts fresh events in most of the top fifth', () => {
    // Bands of the worse of bias severity and risk urgency, one point wide, from 3 (a problem).
    const bands = new Map<number, Scored[]>();
    for (const x of book) {
      const band = Math.floor(Math.max(x.i.breakdown.bias_severity, x.i.breakdown.risk_urgency));
      if (band >= 3) bands.set(band, [...(bands.get(band) ?? []), x]);
    }
    for (const [band, members] of bands) {
      if (members.length < 500) continue;
      const fresh = members.filter((x) => freshEvent(x.r)).length / members.length;
      const top = [...members].sort(listOrder).slice(0, Math.ceil(members.length / 5));
      const freshAtTop = top.filter((x) => freshEvent(x.r)).length / top.length;
      expect(fresh, `band ${band}`).toBeLessThan(0.4);
      expect(freshAtTop, `band ${band}`).toBeGreaterThan(0.6);
    }
  });
});

/** An action without its figures: "Leverage at #x with a #% drawdown: …". */
const wording = (action: string): string =>
  action
    .replace(/-?\d+(\.\d+)?/g, '#')
    .replace(/\ban #/g, 'a #')
    .replace(/\b(today|# days? ago)\b/g, 'when');

describe('varied actions', () => {
  it('the top 50 of each RM book read as many different actions, each with its own figures', () => {
    for (let start = 0; start < 3 * RM_BOOK; start += RM_BOOK) {
      const top = book
        .slice(start, start + RM_BOOK)
        .sort(listOrder)
        .slice(0, 50);
      const counts = new Map<string, number>();
      for (const { i } of top) {
        const w = wording(i.recommended_action);
        counts.set(w, (counts.get(w) ?? 0) + 1);
      }
      expect(counts.size, `book from ${start}`).toBeGreaterThanOrEqual(25);
      expect(Math.max(...counts.values()), `book from ${start}`).toBeLessThanOrEqual(8);
      for (const { r, i } of top) {
        const figures = Object.values(r)
          .filter((v): v is number => typeof v === 'number')
          .map((v) => num(Math.abs(v)));
        const quoted = i.recommended_action.match(/\d+(\.\d+)?/g) ?? [];
        expect(
          quoted.some((q) => figures.includes(q)),
          i.recommended_action,
        ).toBe(true);
      }
    }
  });
});

/** Each risk lead's action: its first words and its step. */
const RISK_ACTION: Record<RiskLead, RegExp> = {
  leverage: /^Leverage at .*: review margin exposure and agree a de-leveraging plan$/,
  concentration: /^[\d.]+% in single stocks with .*: agree a concentration limit/,
  drawdown: /^An? [\d.]+% drawdown on a stated risk profile .*: check how the customer feels/,
  mismatch: /^Portfolio risk of about .*: (rerun the suitability|confirm the risk profile)/,
};

/** The action is a review, a risk lead of the segment's story, or led by the top bias. */
function tellsOneStory(i: CompactCustomerInsights): void {
  const top = i.top_biases[0]!;
  const strength = top.score * top.confidence;
  const segment: Segment = i.segment;
  if (strength >= STRONG_BIAS_STRENGTH) expect(segment).toBe(BIAS_SEGMENT[top.bias_name]);
  else expect(segment).toBe('balanced');
  const risks = (Object.keys(RISK_ACTION) as RiskLead[]).filter((k) =>
    RISK_ACTION[k].test(i.recommended_action),
  );
  if (risks.length > 0) {
    expect(RISK_STORY[segment], i.recommended_action).toContain(risks[0]);
    return;
  }
  if (segment === 'balanced') {
    expect(i.recommended_action).toMatch(/^No (strong )?behavioural signal/);
    return;
  }
  const step = BIASES.find((b) => b.name === top.bias_name)!.step;
  expect(i.recommended_action.endsWith(`: ${step}`), i.recommended_action).toBe(true);
}

describe('segment, top bias and action tell one story', () => {
  it('on every customer of the generated book', () => {
    for (const { i } of book) tellsOneStory(i);
  });

  it('on every valid row', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => tellsOneStory(scoreCustomerCompact(r))),
      { numRuns: 1_000 },
    );
  });

  it('never labels a strong home bias balanced, and never gives an anchored customer a drawdown action', () => {
    for (const { i } of book) {
      if (i.segment === 'anchored') expect(i.recommended_action).not.toMatch(RISK_ACTION.drawdown);
      const home = i.top_biases.find((b) => b.bias_name === 'home_bias');
      if (home && home === i.top_biases[0] && home.score * home.confidence >= STRONG_BIAS_STRENGTH)
        expect(i.segment).not.toBe('balanced');
    }
  });
});
