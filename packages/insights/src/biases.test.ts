import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIAS_NAMES,
  EXAMPLE_CUSTOMER,
  biasScoreSchema,
  type BiasScore,
  type CustomerRecord,
} from '@behavio/contract';
import { BIASES } from './biases.js';
import { equityHomeBias, realisedGainShare } from './measures.js';
import { evaluateBiases, topThree, type BiasResult } from './evaluate.js';
import { scoreCustomer } from './score.js';
import { customerRecordArb } from './testing/arbitrary.js';
import {
  ANCHORED_HOLDER,
  CAUTIOUS_SAVER,
  HERD_FOLLOWER,
  OVERCONFIDENT_TRADER,
} from './testing/personas.js';

const contributions = (b: BiasScore) =>
  Object.fromEntries(b.evidence.map((e) => [e.column, e.contribution]));
const scoreBiases = (r: CustomerRecord): BiasScore[] => scoreCustomer(r).biases;
const scoreOf =
  (name: BiasScore['bias_name']) =>
  (r: CustomerRecord): BiasScore =>
    scoreBiases(r).find((b) => b.bias_name === name)!;
const overconfidence = scoreOf('overconfidence');
const herding = scoreOf('herding');
const anchoring = scoreOf('anchoring');
const lossAversion = scoreOf('loss_aversion');
const dispositionEffect = scoreOf('disposition_effect');
const homeBias = scoreOf('home_bias');
const riskAversion = scoreOf('risk_aversion');
const mentalAccounting = scoreOf('mental_accounting');
const statusQuo = scoreOf('status_quo');
const row = (overrides: Partial<CustomerRecord>): CustomerRecord => ({
  ...EXAMPLE_CUSTOMER,
  ...overrides,
});

describe('bias model', () => {
  it('has the nine biases in BIAS_NAMES order, each with named terms', () => {
    expect(BIASES.map((b) => b.name)).toEqual([...BIAS_NAMES]);
    for (const bias of BIASES) {
      expect(bias.terms.length).toBeGreaterThan(0);
      expect(new Set(bias.terms.map((t) => t.name)).size).toBe(bias.terms.length);
    }
  });

  it("shows each term's evidence with the value of the column the term names", () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        for (const bias of scoreBiases(r))
          for (const e of bias.evidence) expect(e.value).toBe(r[e.column]);
      }),
      { numRuns: 200 },
    );
  });

  it('scores every bias in BIAS_NAMES order', () => {
    expect(scoreBiases(EXAMPLE_CUSTOMER).map((b) => b.bias_name)).toEqual([...BIAS_NAMES]);
  });
});

describe('hand-computed bias scores', () => {
  it('overconfidence: turnover, miscalibration, concentration and leverage', () => {
    const b = overconfidence(OVERCONFIDENT_TRADER);
    // 0.4 r(97,50,100) = 37.6; 0.25 r(90-30,0,50) = 25; 0.2 r(75,20,80) = 18.33; 0.15 r(2.4,1,2) = 15
    expect(contributions(b)).toEqual({
      trade_turnover_30d_pct_peer: 37.6,
      knowledge_quiz_score: 25,
      single_stock_pct: 18.33,
      leverage_ratio: 15,
    });
    expect(b.score).toBe(95.93);
    // n = 25 + 10 + 0 + 0 + 3 = 38 trading decisions: 0.85 (0.6 + 0.4 x 38/43) = 0.8105
    expect(b.confidence).toBe(0.81);
    expect(b.evidence.map((e) => e.column)).toEqual([
      'trade_turnover_30d_pct_peer',
      'knowledge_quiz_score',
      'single_stock_pct',
      'leverage_ratio',
    ]);
    expect(b.evidence[0]!.explanation).toMatch(/^Turnover above 97% of peers over 30 days: /);
    expect(b.evidence[1]!.explanation).toMatch(
      /^A knowledge score of 30\/100 against a risk profile of 9\/10: /,
    );
  });

  it('overconfidence is 0 for a median, diversified, unlevered, well-calibrated customer', () => {
    const b = overconfidence(
      row({
        trade_turnover_30d_pct_peer: 50,
        risk_profile: 5,
        knowledge_quiz_score: 80,
        single_stock_pct: 20,
        leverage_ratio: 0,
      }),
    );
    expect(b.score).toBe(0);
    expect(b.evidence).toEqual([]);
  });

  it('herding: hype level, hype recency, news clicks and upbeat sentiment', () => {
    const b = herding(HERD_FOLLOWER);
    // 0.4 x 92 = 36.8; 0.25 x 92 x exp(-2/14) = 19.94; 0.2 r(60,5,50) = 20; 15 x 0.7 x 1 = 10.5
    expect(contributions(b)).toEqual({
      social_hype_score: 36.8,
      days_since_hype_peak: 19.94,
      news_clicks_7d: 20,
      positive_news_sentiment_7d: 10.5,
    });
    expect(b.score).toBe(87.24);
    // 0.8 (0.6 + 0.4 x 60/70) = 0.7543
    expect(b.confidence).toBe(0.75);
  });

  it('herding: sentiment counts only with clicks, recency only with hype', () => {
    const b = herding(
      row({
        social_hype_score: 0,
        days_since_hype_peak: 0,
        news_clicks_7d: 0,
        positive_news_sentiment_7d: 1,
      }),
    );
    expect(b.score).toBe(0);
    expect(b.confidence).toBe(0.48); // 0.8 x 0.6: no clicks, the hype score alone
  });

  it('anchoring: loss gap, limit orders at purchase price, averaging down', () => {
    const b = anchoring(ANCHORED_HOLDER);
    // 0.45 r(45,5,40) = 45; 25; 0.3 r(4,0,4) (0.5 + 0.5 clip01(45/10)) = 30
    expect(contributions(b)).toEqual({
      anchor_price_gap_pct: 45,
      averaging_down_trades: 30,
      limit_orders_at_purchase_px: 25,
    });
    expect(b.score).toBe(100);
    // 0.85 (0.7 + 0.3 x 4/7) = 0.7407
    expect(b.confidence).toBe(0.74);
    const limit = b.evidence.find((e) => e.column === 'limit_orders_at_purchase_px')!;
    expect(limit.value).toBe(true);
  });

  it('anchoring: averaging down above the purchase price counts half', () => {
    const b = anchoring(
      row({
        anchor_price_gap_pct: 10,
        averaging_down_trades: 2,
        limit_orders_at_purchase_px: false,
      }),
    );
    // 0.3 r(2,0,4) x 0.5 = 7.5
    expect(b.score).toBe(7.5);
  });

  it('loss aversion: stop-loss sales, a recent loss sale, drawdown and cash', () => {
    const b = lossAversion(
      row({
        stop_loss_sell_cnt: 2,
        loss_takes: 1,
        days_since_loss_sell: 30,
        max_drawdown_pct: -25,
        cash_pct: 45,
      }),
    );
    // 0.3 r(2,0,4) = 15; 25 exp(-1) = 9.20; 0.2 r(25,10,40) = 10; 0.25 r(45,20,70) = 12.5
    expect(contributions(b)).toEqual({
      stop_loss_sell_cnt: 15,
      cash_pct: 12.5,
      max_drawdown_pct: 10,
      days_since_loss_sell: 9.2,
    });
    expect(b.score).toBe(46.7);
    // L = 3 loss sales: 0.8 (0.5 + 0.5 x 3/7) = 0.5714
    expect(b.confidence).toBe(0.57);
  });

  it('loss aversion: days since a loss sale count only when there was one', () => {
    const b = lossAversion(
      row({
        stop_loss_sell_cnt: 0,
        loss_takes: 0,
        days_since_loss_sell: 0,
        max_drawdown_pct: 0,
        cash_pct: 0,
      }),
    );
    expect(b.score).toBe(0);
    expect(b.confidence).toBe(0.4);
  });

  it('disposition effect: shrunk gain share of realised trades plus averaging down', () => {
    const r = row({ gain_takes: 6, loss_takes: 2, averaging_down_trades: 2 });
    expect(realisedGainShare(r)).toBeCloseTo(11 / 18, 12);
    const b = dispositionEffect(r);
    // 0.8 r(11/18, 0.5, 0.85) = 25.40; 0.2 r(2,0,4) = 10
    expect(contributions(b)).toEqual({ gain_takes: 25.4, averaging_down_trades: 10 });
    expect(b.score).toBe(35.4);
    // n = 6 + 2 + 2 = 10: 0.9 x 10/20
    expect(b.confidence).toBe(0.45);
    expect(b.evidence[0]!.explanation).toMatch(/^6 gains realised against 2 losses: /);
  });

  it('disposition effect: no trades means no score and no confidence (no division by zero)', () => {
    const b = dispositionEffect(row({ gain_takes: 0, loss_takes: 0, averaging_down_trades: 0 }));
    expect(b.score).toBe(0);
    expect(b.confidence).toBe(0);
  });

  it('disposition effect: selling only losers is not a disposition effect', () => {
    const b = dispositionEffect(row({ gain_takes: 0, loss_takes: 40, averaging_down_trades: 0 }));
    expect(b.score).toBe(0);
    expect(b.confidence).toBe(0.72); // 0.9 x 40/50
  });

  it('home bias: excess home weight over the world-market share, with a tolerance', () => {
    const gbr = row({ country_iso: 'GBR', home_country_weight_pct: 60, cash_pct: 15 });
    // EHB = 1 - 0.4 / (1 - 0.029) = 0.5881; r(0.5881, 0.25, 1) = 45.07
    expect(equityHomeBias(gbr)).toBeCloseTo(0.588054, 6);
    const b = homeBias(gbr);
    expect(b.score).toBe(45.07);
    expect(b.confidence).toBe(0.7);
    expect(b.evidence[0]!.explanation).toMatch(/^60% invested in GBR \(2.9% of world markets\): /);
    // USA, 70% at home: EHB = 1 - 0.3 / 0.575 = 0.4783 -> 30.43
    expect(homeBias(row({ country_iso: 'USA', home_country_weight_pct: 70 })).score).toBe(30.43);
    // At or below the world share there is no home bias at all.
    expect(homeBias(row({ country_iso: 'USA', home_country_weight_pct: 40 })).score).toBe(0);
  });

  it('home bias: an unknown country uses a small default share and lowers confidence', () => {
    const b = homeBias(row({ country_iso: 'XKX', home_country_weight_pct: 60, cash_pct: 15 }));
    // m = 0.001: EHB = 1 - 0.4 / 0.999 = 0.5996 -> 46.61; confidence 0.7 x 0.75
    expect(b.score).toBe(46.61);
    // 0.7 x 0.75 is 0.52499999... in binary floating point, so it rounds down.
    expect(b.confidence).toBe(0.52);
  });

  it('home bias: a mostly-cash portfolio gives less confidence', () => {
    // invested share (100 - 90) / 50 = 0.2: 0.7 (0.5 + 0.1) = 0.42
    expect(homeBias(row({ cash_pct: 90 })).confidence).toBe(0.42);
  });

  it('risk aversion: cash, a cautious stated profile and little in shares', () => {
    const b = riskAversion(CAUTIOUS_SAVER);
    // 0.45 r(80,20,80) = 45; 0.35 r(2,7,2) = 35; 0.2 r(15 + 0, 50, 10) = 17.5
    expect(contributions(b)).toEqual({ cash_pct: 45, risk_profile: 35, etf_pct: 17.5 });
    expect(b.score).toBe(97.5);
    expect(b.confidence).toBe(0.75);
    expect(b.evidence[2]!.explanation).toBe(
      'Only 15% in shares and ETFs: little of the portfolio is exposed to shares at all',
    );
  });

  it('risk aversion: a diversified ETF investor is not cautious for holding no single stocks', () => {
    const b = riskAversion(
      row({ cash_pct: 10, etf_pct: 90, single_stock_pct: 0, risk_profile: 7 }),
    );
    expect(b.score).toBe(0);
  });

  it('mental accounting: many sub-accounts and borrowing while holding cash', () => {
    const b = mentalAccounting(row({ num_sub_accounts: 4, leverage_ratio: 1.25, cash_pct: 20 }));
    // 0.6 r(4,2,6) = 30; 40 x clip01(0.25/0.5) x clip01(10/20) = 10
    expect(contributions(b)).toEqual({ num_sub_accounts: 30, leverage_ratio: 10 });
    expect(b.score).toBe(40);
    expect(b.confidence).toBe(0.5);
    expect(b.evidence[1]!.explanation).toBe(
      'Leverage at 1.3x while 20% sits in cash: borrowing and saving are treated as separate pots',
    );
  });

  it('status quo: idle days, no rebalancing and cash', () => {
    const b = statusQuo(row({ days_since_last_trade: 227.5, rebalances_ytd: 0, cash_pct: 40 }));
    // 0.55 r(227.5,90,365) = 27.5; 25; 0.2 r(40,20,60) = 10
    expect(contributions(b)).toEqual({
      days_since_last_trade: 27.5,
      rebalances_ytd: 25,
      cash_pct: 10,
    });
    expect(b.score).toBe(62.5);
    expect(b.confidence).toBe(0.75);
  });
});

describe('topThree', () => {
  const b = (name: BiasScore['bias_name'], score: number, confidence: number): BiasResult => ({
    bias: BIASES.find((x) => x.name === name)!,
    score,
    exactConfidence: confidence,
    confidence,
    strength: score * confidence,
  });

  it('ranks by score x confidence, then by score, then by BIAS_NAMES order', () => {
    const biases = [
      b('overconfidence', 40, 0.5), // 20
      b('herding', 25, 0.8), // 20, lower score than overconfidence
      b('anchoring', 50, 0.4), // 20, highest score of the three tied
      b('loss_aversion', 10, 0.5), // 5
      b('disposition_effect', 40, 0.5), // 20, same as overconfidence but later
    ];
    expect(topThree(biases).map((x) => x.bias.name)).toEqual([
      'anchoring',
      'overconfidence',
      'disposition_effect',
    ]);
  });

  it('returns the same objects, three of them', () => {
    const biases = evaluateBiases(EXAMPLE_CUSTOMER);
    const top = topThree(biases);
    expect(top).toHaveLength(3);
    for (const t of top) expect(biases).toContain(t);
  });
});

describe('bias properties over the whole input domain', () => {
  it('every bias is valid, finite and in range, and its evidence adds up to its score', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        for (const bias of scoreBiases(r)) {
          expect(biasScoreSchema.safeParse(bias).success).toBe(true);
          expect(Number.isFinite(bias.score) && Number.isFinite(bias.confidence)).toBe(true);
          let sum = 0;
          let previous = Infinity;
          for (const e of bias.evidence) {
            expect(e.contribution).toBeGreaterThan(0);
            expect(e.contribution).toBeLessThanOrEqual(previous);
            expect(e.explanation.length).toBeGreaterThan(0);
            previous = e.contribution;
            sum += e.contribution;
          }
          expect(Math.abs(sum - bias.score)).toBeLessThanOrEqual(0.03);
        }
      }),
      { numRuns: 1500 },
    );
  });

  const up = (max: number) => fc.double({ min: 0, max, noNaN: true });

  it('more single stocks, leverage or turnover never lowers overconfidence', () => {
    fc.assert(
      fc.property(customerRecordArb, up(100), up(100), up(100), (r, ds, dl, dt) => {
        const base = overconfidence(r).score;
        const more = (o: Partial<CustomerRecord>) => overconfidence({ ...r, ...o }).score;
        expect(
          more({ single_stock_pct: Math.min(100, r.single_stock_pct + ds) }),
        ).toBeGreaterThanOrEqual(base);
        expect(
          more({ leverage_ratio: Math.min(100, r.leverage_ratio + dl) }),
        ).toBeGreaterThanOrEqual(base);
        expect(
          more({ trade_turnover_30d_pct_peer: Math.min(100, r.trade_turnover_30d_pct_peer + dt) }),
        ).toBeGreaterThanOrEqual(base);
      }),
      { numRuns: 1000 },
    );
  });

  it('more social hype never lowers herding', () => {
    fc.assert(
      fc.property(customerRecordArb, up(100), (r, d) => {
        const more = { ...r, social_hype_score: Math.min(100, r.social_hype_score + d) };
        expect(herding(more).score).toBeGreaterThanOrEqual(herding(r).score);
      }),
      { numRuns: 1000 },
    );
  });

  it('a larger loss against the anchor never lowers anchoring when averaging down', () => {
    fc.assert(
      fc.property(
        customerRecordArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        up(200),
        (r, averaging, d) => {
          const held = { ...r, averaging_down_trades: averaging };
          const deeper = {
            ...held,
            anchor_price_gap_pct: Math.max(-100, r.anchor_price_gap_pct - d),
          };
          expect(anchoring(deeper).score).toBeGreaterThanOrEqual(anchoring(held).score);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('confidence grows with evidence: more realised trades never lower disposition confidence', () => {
    fc.assert(
      fc.property(customerRecordArb, fc.integer({ min: 0, max: 1000 }), (r, extra) => {
        const more = { ...r, gain_takes: r.gain_takes + extra };
        expect(dispositionEffect(more).confidence).toBeGreaterThanOrEqual(
          dispositionEffect(r).confidence,
        );
      }),
      { numRuns: 500 },
    );
  });
});
