import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BiasName, CustomerRecord, RiskLevel, Segment, UrgencyLevel } from '@behavio/contract';
import { scoreCustomerCompact } from './index.js';
import { URGENCY_LEVELS } from '@behavio/contract';

/**
 * Families of customers who plainly show one bias, drawn at random rather than hand-picked: a
 * moderate background (every other column in an ordinary range) with the bias's own columns
 * in a range nobody would call borderline. The persona tests check one hand-built customer per
 * segment; these check that the result does not hinge on the exact figures chosen, which is how
 * a firm's own test file would probe the model.
 */

const MARKETS = ['GBR', 'USA', 'DEU', 'FRA', 'CHE', 'JPN', 'CAN', 'AUS'];

/** An ordinary customer: diversified, unlevered, trading now and then, no strong signal. */
const ordinary: fc.Arbitrary<CustomerRecord> = fc
  .record({
    country_iso: fc.constantFrom(...MARKETS),
    age: fc.integer({ min: 25, max: 70 }),
    risk_profile: fc.integer({ min: 4, max: 7 }),
    knowledge_quiz_score: fc.integer({ min: 55, max: 90 }),
    experience_years: fc.integer({ min: 3, max: 25 }),
    cash_pct: fc.integer({ min: 5, max: 25 }),
    single_stock_pct: fc.integer({ min: 0, max: 15 }),
    etf_share: fc.double({ min: 0.5, max: 1, noNaN: true }),
    days_since_last_trade: fc.integer({ min: 3, max: 60 }),
    stop_loss_sell_cnt: fc.integer({ min: 0, max: 1 }),
    days_since_loss_sell: fc.integer({ min: 60, max: 400 }),
    home_country_weight_pct: fc.integer({ min: 20, max: 50 }),
    trade_turnover_30d_pct_peer: fc.integer({ min: 20, max: 60 }),
    anchor_price_gap_pct: fc.integer({ min: -5, max: 15 }),
    social_hype_score: fc.integer({ min: 0, max: 30 }),
    days_since_hype_peak: fc.integer({ min: 20, max: 120 }),
    positive_news_sentiment_7d: fc.double({ min: -0.2, max: 0.3, noNaN: true }),
    news_clicks_7d: fc.integer({ min: 0, max: 8 }),
    gain_takes: fc.integer({ min: 1, max: 6 }),
    loss_takes: fc.integer({ min: 1, max: 5 }),
    rebalances_ytd: fc.integer({ min: 1, max: 4 }),
    num_sub_accounts: fc.integer({ min: 1, max: 2 }),
    max_drawdown_pct: fc.integer({ min: -15, max: -3 }),
  })
  .map(({ etf_share, ...r }) => ({
    ...r,
    customer_id: 'F-1',
    etf_pct: Math.round((100 - r.cash_pct - r.single_stock_pct) * etf_share),
    leverage_ratio: 1,
    limit_orders_at_purchase_px: false,
    averaging_down_trades: 0,
    days_since_last_average_down: 400,
    aum: null,
    revenue_12m: null,
  }));

/** `ordinary` with the columns `show` draws laid over it. */
const showing = <T extends Partial<CustomerRecord>>(show: fc.Arbitrary<T>) =>
  fc.tuple(ordinary, show).map(([base, shown]) => ({ ...base, ...shown }) as CustomerRecord);

/** Keeps the three allocation percentages within 100 after `cash` and `single` are set. */
const allocation = (cash: number, single: number, etfShare: number) => ({
  cash_pct: cash,
  single_stock_pct: single,
  etf_pct: Math.floor((100 - cash - single) * etfShare),
});

interface Family {
  bias: BiasName;
  customers: fc.Arbitrary<CustomerRecord>;
  /** The segment and risk level every member must get, where the bias has a segment of its own. */
  segment?: Segment;
  risk?: RiskLevel;
  /** The urgency levels a member may get (docs/insights-model.md §14.1). */
  urgency: readonly UrgencyLevel[];
  /** At least these shares of 500 members are at this urgency or above. */
  atLeast?: Partial<Record<UrgencyLevel, number>>;
}

const FAMILIES: Record<string, Family> = {
  'heavy traders with concentrated, leveraged bets': {
    urgency: ['medium', 'high'],
    atLeast: { medium: 1, high: 0.5 },
    bias: 'overconfidence',
    segment: 'overconfident',
    risk: 'high',
    customers: showing(
      fc
        .record({
          trade_turnover_30d_pct_peer: fc.integer({ min: 85, max: 100 }),
          risk_profile: fc.integer({ min: 8, max: 10 }),
          knowledge_quiz_score: fc.integer({ min: 20, max: 45 }),
          // 60% in single stocks is where the model calls concentration acute (high risk alone).
          single: fc.integer({ min: 60, max: 85 }),
          cash: fc.integer({ min: 0, max: 10 }),
          etfShare: fc.double({ min: 0, max: 1, noNaN: true }),
          leverage_ratio: fc.double({ min: 1.5, max: 3, noNaN: true }),
          gain_takes: fc.integer({ min: 5, max: 30 }),
          loss_takes: fc.integer({ min: 3, max: 15 }),
        })
        .map(({ single, cash, etfShare, ...r }) => ({
          ...r,
          ...allocation(cash, single, etfShare),
        })),
    ),
  },
  'followers of hyped names who read a lot of upbeat news': {
    urgency: ['low', 'medium', 'high', 'urgent'],
    atLeast: { medium: 0.98, high: 0.2 },
    bias: 'herding',
    segment: 'herd_followers',
    customers: showing(
      fc.record({
        social_hype_score: fc.integer({ min: 80, max: 100 }),
        days_since_hype_peak: fc.integer({ min: 0, max: 5 }),
        news_clicks_7d: fc.integer({ min: 30, max: 80 }),
        positive_news_sentiment_7d: fc.double({ min: 0.5, max: 0.9, noNaN: true }),
      }),
    ),
  },
  'holders far below the price paid, averaging down, with limit orders at it': {
    urgency: ['low', 'medium', 'high', 'urgent'],
    atLeast: { medium: 0.98, high: 0.3 },
    bias: 'anchoring',
    segment: 'anchored',
    customers: showing(
      fc.record({
        anchor_price_gap_pct: fc.integer({ min: -60, max: -25 }),
        limit_orders_at_purchase_px: fc.constant(true),
        averaging_down_trades: fc.integer({ min: 3, max: 8 }),
        days_since_last_average_down: fc.integer({ min: 2, max: 20 }),
      }),
    ),
  },
  'conservative, cash-heavy customers with a low stated risk': {
    urgency: ['low', 'medium'],
    bias: 'risk_aversion',
    segment: 'risk_averse',
    risk: 'low',
    customers: showing(
      fc
        .record({
          cash: fc.integer({ min: 60, max: 90 }),
          single: fc.integer({ min: 0, max: 5 }),
          etfShare: fc.double({ min: 0, max: 1, noNaN: true }),
          risk_profile: fc.integer({ min: 1, max: 2 }),
          trade_turnover_30d_pct_peer: fc.integer({ min: 0, max: 20 }),
          days_since_last_trade: fc.integer({ min: 30, max: 400 }),
          rebalances_ytd: fc.integer({ min: 0, max: 1 }),
        })
        .map(({ cash, single, etfShare, ...r }) => ({
          ...r,
          ...allocation(cash, single, etfShare),
        })),
    ),
  },
  'panic sellers after a deep fall': {
    urgency: ['low', 'medium', 'high', 'urgent'],
    atLeast: { medium: 0.98, high: 0.6, urgent: 0.3 },
    bias: 'loss_aversion',
    customers: showing(
      fc.record({
        stop_loss_sell_cnt: fc.integer({ min: 4, max: 10 }),
        loss_takes: fc.integer({ min: 3, max: 8 }),
        days_since_loss_sell: fc.integer({ min: 1, max: 10 }),
        max_drawdown_pct: fc.integer({ min: -50, max: -30 }),
      }),
    ),
  },
  'customers who sell winners and keep losers': {
    urgency: ['low', 'medium'],
    bias: 'disposition_effect',
    customers: showing(
      fc.record({
        gain_takes: fc.integer({ min: 15, max: 40 }),
        loss_takes: fc.integer({ min: 0, max: 2 }),
      }),
    ),
  },
  'customers with nearly everything in their home market': {
    urgency: ['low', 'medium'],
    bias: 'home_bias',
    customers: showing(
      fc.record({
        country_iso: fc.constantFrom('GBR', 'DEU', 'FRA', 'AUS', 'CHE'),
        home_country_weight_pct: fc.integer({ min: 90, max: 100 }),
      }),
    ),
  },
  'customers borrowing while cash sits in many separate accounts': {
    urgency: ['low', 'medium'],
    bias: 'mental_accounting',
    customers: showing(
      fc.record({
        num_sub_accounts: fc.integer({ min: 6, max: 10 }),
        leverage_ratio: fc.double({ min: 1.5, max: 2, noNaN: true }),
        cash_pct: fc.integer({ min: 30, max: 45 }),
        single_stock_pct: fc.constant(5),
        etf_pct: fc.constant(40),
      }),
    ),
  },
  'customers who have not traded or rebalanced for over a year': {
    urgency: ['low', 'medium'],
    bias: 'status_quo',
    customers: showing(
      fc.record({
        days_since_last_trade: fc.integer({ min: 365, max: 900 }),
        rebalances_ytd: fc.constant(0),
      }),
    ),
  },
};

/** Share of the members at `level` or above. */
function shareAtLeast(members: readonly CustomerRecord[], level: UrgencyLevel): number {
  const rank = (u: UrgencyLevel) => URGENCY_LEVELS.indexOf(u);
  const above = members.filter(
    (r) => rank(scoreCustomerCompact(r).urgency_level) <= rank(level),
  ).length;
  return above / members.length;
}

describe('families of customers who plainly show one bias', () => {
  for (const [name, family] of Object.entries(FAMILIES)) {
    const lands = [
      `${family.bias} among the top three`,
      family.segment && `the ${family.segment} segment`,
      family.risk && `${family.risk} risk`,
    ].filter(Boolean);
    it(`${name}: ${lands.join(', ')}`, () => {
      fc.assert(
        fc.property(family.customers, (r) => {
          const insight = scoreCustomerCompact(r);
          expect(insight.top_biases.map((b) => b.bias_name)).toContain(family.bias);
          if (family.segment) expect(insight.segment).toBe(family.segment);
          if (family.risk) expect(insight.risk_level).toBe(family.risk);
          expect(family.urgency).toContain(insight.urgency_level);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('land on the urgency shares of docs/insights-model.md §14.1', () => {
    for (const [name, family] of Object.entries(FAMILIES)) {
      const members = fc.sample(family.customers, { numRuns: 500, seed: 20 });
      for (const [level, share] of Object.entries(family.atLeast ?? {}) as [
        UrgencyLevel,
        number,
      ][]) {
        expect(shareAtLeast(members, level), `${name}: ${level} or above`).toBeGreaterThanOrEqual(
          share,
        );
      }
    }
  });

  it('ordinary customers with no strong signal are balanced and low urgency', () => {
    fc.assert(
      fc.property(ordinary, (r) => {
        const insight = scoreCustomerCompact(r);
        expect(insight.segment).toBe('balanced');
        expect(insight.urgency_level).toBe('low');
      }),
      { numRuns: 500 },
    );
  });
});
