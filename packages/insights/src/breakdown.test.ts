import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_CUSTOMER, type CustomerRecord } from '@behavio/contract';
import {
  biasSeverity,
  customerValue,
  customerValueBasis,
  customerValueProxy,
  impliedRisk,
  riskMismatch,
  riskUrgency,
  timeSensitivity,
} from './breakdown.js';
import { scoreCustomer } from './score.js';
import { customerRecordArb } from './testing/arbitrary.js';
import {
  ANCHORED_HOLDER,
  CAUTIOUS_SAVER,
  HERD_FOLLOWER,
  OVERCONFIDENT_TRADER,
} from './testing/personas.js';

const row = (o: Partial<CustomerRecord>): CustomerRecord => ({ ...EXAMPLE_CUSTOMER, ...o });

describe('bias severity', () => {
  it('is (0.6 max + 0.4 mean of the top three strengths) / 8, at most 10', () => {
    expect(biasSeverity(60, 30, 20)).toBeCloseTo((0.6 * 60 + (0.4 * 110) / 3) / 8, 10);
    expect(biasSeverity(60, 30, 20)).toBeCloseTo(6.3333, 4);
    expect(biasSeverity(80, 80, 80)).toBe(10);
    expect(biasSeverity(90, 85, 85)).toBe(10);
    expect(biasSeverity(0, 0, 0)).toBe(0);
  });
});

describe('risk urgency', () => {
  it('implied risk weighs single stocks 1, ETFs 0.6, other holdings 0.3 and cash 0', () => {
    // 40 + 0.6 x 45 = 67 units -> 1 + 9 x 0.67
    expect(impliedRisk(row({ cash_pct: 15, etf_pct: 45, single_stock_pct: 40 }))).toBeCloseTo(
      7.03,
      10,
    );
    // cash 80, ETF 15, other 5: 9 + 1.5 = 10.5 units
    expect(impliedRisk(CAUTIOUS_SAVER)).toBeCloseTo(1.945, 10);
  });

  it('counts excess risk fully and a cautious shortfall at half', () => {
    expect(
      riskMismatch(row({ risk_profile: 3, cash_pct: 0, etf_pct: 0, single_stock_pct: 100 })),
    ).toBe(7);
    expect(
      riskMismatch(row({ risk_profile: 9, cash_pct: 100, etf_pct: 0, single_stock_pct: 0 })),
    ).toBe(4);
  });

  it('is half the worst signal plus half the weighted signals, over 10', () => {
    // leverage 100, concentration 100, drawdown r(32,15,40) = 68, mismatch 0:
    // (0.5 x 100 + 0.5 x (30 + 25 + 17 + 0)) / 10 = 8.6
    expect(riskUrgency(OVERCONFIDENT_TRADER)).toBeCloseTo(8.6, 10);
    expect(riskUrgency(CAUTIOUS_SAVER)).toBe(0);
    // One acute signal alone: 2x leverage -> (50 + 15) / 10
    expect(
      riskUrgency(
        row({
          leverage_ratio: 2,
          single_stock_pct: 0,
          max_drawdown_pct: 0,
          risk_profile: 5,
          cash_pct: 20,
          etf_pct: 80,
        }),
      ),
    ).toBeCloseTo(6.5, 10);
  });
});

describe('time sensitivity', () => {
  it('is 10 x the freshest gated event window', () => {
    // hype peak 2 days ago with hype 92: exp(-2/14) x r(92,40,80)/100
    expect(timeSensitivity(HERD_FOLLOWER)).toBeCloseTo(10 * Math.exp(-2 / 14), 10);
    // averaged down 10 days ago: exp(-10/30)
    expect(timeSensitivity(ANCHORED_HOLDER)).toBeCloseTo(10 * Math.exp(-10 / 30), 10);
  });

  it('ignores day counts of events that did not happen', () => {
    const none = row({
      social_hype_score: 10,
      days_since_hype_peak: 0,
      stop_loss_sell_cnt: 0,
      loss_takes: 0,
      days_since_loss_sell: 0,
      averaging_down_trades: 0,
      days_since_last_average_down: 0,
    });
    expect(timeSensitivity(none)).toBe(0);
    expect(timeSensitivity({ ...none, loss_takes: 1 })).toBe(10);
  });
});

describe('customer value', () => {
  it('uses the labelled proxy when no aum or revenue is supplied', () => {
    // 0.4 r(2,1,5) + 0.3 r(3,2,20) + 0.3 x 97 = 10 + 1.667 + 29.1
    expect(customerValueProxy(OVERCONFIDENT_TRADER)).toBeCloseTo(40.7667, 4);
    expect(customerValue(OVERCONFIDENT_TRADER)).toBeCloseTo(4.07667, 4);
    expect(customerValueBasis(OVERCONFIDENT_TRADER)).toBe('proxy');
  });

  it('blends aum (0.35) and revenue (0.5) with the proxy (0.15) over what is present', () => {
    const proxy = customerValueProxy(OVERCONFIDENT_TRADER);
    const aum = { ...OVERCONFIDENT_TRADER, aum: 1_000_000 }; // r(6, 4, 7) = 66.67
    expect(customerValue(aum)).toBeCloseTo((0.15 * proxy + 0.35 * (200 / 3)) / 0.5 / 10, 10);
    expect(customerValueBasis(aum)).toBe('aum');
    const revenue = { ...OVERCONFIDENT_TRADER, revenue_12m: 10_000 }; // r(4, 2, 5) = 66.67
    expect(customerValue(revenue)).toBeCloseTo((0.15 * proxy + 0.5 * (200 / 3)) / 0.65 / 10, 10);
    expect(customerValueBasis(revenue)).toBe('revenue');
    const both = { ...aum, revenue_12m: 10_000 };
    expect(customerValue(both)).toBeCloseTo((0.15 * proxy + 0.85 * (200 / 3)) / 10, 10);
    expect(customerValueBasis(both)).toBe('aum_and_revenue');
  });

  it('treats a zero aum as a real (lowest) value, not as missing', () => {
    const zero = { ...OVERCONFIDENT_TRADER, aum: 0 };
    expect(customerValueBasis(zero)).toBe('aum');
    expect(customerValue(zero)).toBeCloseTo((0.15 * customerValueProxy(zero)) / 0.5 / 10, 10);
  });
});

describe('breakdown over the whole input domain', () => {
  it('every measure is finite and within 0-10', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        const b = scoreCustomer(r).breakdown;
        for (const v of Object.values(b)) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(10);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
