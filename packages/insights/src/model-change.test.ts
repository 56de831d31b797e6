import { EXAMPLE_CUSTOMER, type CustomerRecord } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { BIASES, type Bias, type Term } from './biases.js';
import { biasScore, evaluateBiases } from './evaluate.js';
import { valueFact } from './facts.js';
import { column, ramp } from './signals.js';

/**
 * The README's "Adding a term to a bias", done to a copy of the model: a change in one place
 * (the term below, and the weights it takes from) is scored, shown as evidence and explained
 * with no other file touched. Here status quo gains "little experience" (inexperienced investors
 * stick with defaults), taking 10 of the idle portfolio's 55 points.
 */
const littleExperience: Term = {
  name: 'little experience',
  column: 'experience_years',
  points: 10,
  signal: ramp(column('experience_years'), 5, 1),
  fact: valueFact('experience_years'),
  reason: ': with little experience, defaults tend to stay as they are',
};

const withTerm: readonly Bias[] = BIASES.map((bias) =>
  bias.name !== 'status_quo'
    ? bias
    : {
        ...bias,
        terms: [
          ...bias.terms.map((t) => (t.name === 'idle portfolio' ? { ...t, points: 45 } : t)),
          littleExperience,
        ],
      },
);

const statusQuo = (r: CustomerRecord, model: readonly Bias[]) =>
  biasScore(
    evaluateBiases(r, model).find((b) => b.bias.name === 'status_quo')!,
    r,
  );

describe('adding a term to a bias (README)', () => {
  const novice: CustomerRecord = {
    ...EXAMPLE_CUSTOMER,
    experience_years: 1,
    days_since_last_trade: 365,
    rebalances_ytd: 0,
    cash_pct: 10,
  };

  it('scores the new term and shows it as evidence with its explanation', () => {
    // 0.45 r(365, 90, 365) = 45, no rebalancing 25, 0.10 r(1, 5, 1) = 10.
    const b = statusQuo(novice, withTerm);
    expect(b.score).toBe(80);
    expect(b.evidence.map((e) => [e.column, e.contribution])).toEqual([
      ['days_since_last_trade', 45],
      ['rebalances_ytd', 25],
      ['experience_years', 10],
    ]);
    expect(b.evidence[2]!.explanation).toBe(
      '1 year of experience: with little experience, defaults tend to stay as they are',
    );
  });

  it('changes nothing else: the other biases score as before', () => {
    const before = evaluateBiases(novice).map((b) => biasScore(b, novice));
    const after = evaluateBiases(novice, withTerm).map((b) => biasScore(b, novice));
    expect(after.filter((b) => b.bias_name !== 'status_quo')).toEqual(
      before.filter((b) => b.bias_name !== 'status_quo'),
    );
    expect(statusQuo(novice, BIASES).score).toBe(80); // 55 + 25 without the term
  });
});

describe('a penalty: a term with negative points', () => {
  // Status quo loses up to 20 points for a customer who traded in the last 30 days.
  const recentTrade: Term = {
    name: 'recent trade',
    column: 'days_since_last_trade',
    points: -20,
    signal: ramp(column('days_since_last_trade'), 30, 0),
    fact: valueFact('days_since_last_trade'),
    reason: ': a recent trade shows the portfolio is being looked after',
  };
  const withPenalty: readonly Bias[] = BIASES.map((bias) =>
    bias.name === 'status_quo' ? { ...bias, terms: [...bias.terms, recentTrade] } : bias,
  );
  const idleButTraded: CustomerRecord = {
    ...EXAMPLE_CUSTOMER,
    days_since_last_trade: 0,
    rebalances_ytd: 0,
    cash_pct: 60,
  };

  it('lowers the score, is never evidence, and the score never falls below 0', () => {
    // No rebalancing 25, uninvested cash 20 r(60, 20, 60) = 20, recent trade -20.
    const before = statusQuo(idleButTraded, BIASES);
    const after = statusQuo(idleButTraded, withPenalty);
    expect(before.score).toBe(45);
    expect(after.score).toBe(25);
    expect(after.evidence.map((e) => e.column)).toEqual(['rebalances_ytd', 'cash_pct']);
    const traded = { ...idleButTraded, rebalances_ytd: 2, cash_pct: 0 };
    expect(statusQuo(traded, withPenalty).score).toBe(0);
  });
});
