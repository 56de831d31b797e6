import {
  DEFAULT_SHELF,
  isCreditCategory,
  type CustomerRecord,
  type ShelfProduct,
} from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { recommendProducts } from '../recommendations/recommend.js';
import { scoreCustomerCompact } from '../score.js';
import { BALANCED_INVESTOR } from '../testing/personas.js';
import { suitabilityProfileOf } from './profile.js';

/*
 * The personas of issue 28 on the default shelf: their profile and flags, and no unsuitable
 * product among their recommendations.
 */

const SHELF: ShelfProduct[] = DEFAULT_SHELF.map((p, i) => ({ ...p, product_id: `p${i}` }));
const byId = (id: string) => SHELF.find((p) => p.product_id === id)!;

const base: CustomerRecord = {
  ...BALANCED_INVESTOR,
  customer_id: 'persona',
  country_iso: 'USA',
  home_country_weight_pct: 50,
  aum: 150_000,
};

const recommend = (customer: CustomerRecord) =>
  recommendProducts({
    customer,
    biases: scoreCustomerCompact(customer).biases,
    shelf: SHELF,
    asOf: '2026-06-01T00:00:00Z',
  });

const flagsOf = (c: CustomerRecord) =>
  suitabilityProfileOf(c).vulnerability_flags.map((f) => f.flag);

describe('issue 28 personas', () => {
  it('a vulnerable 85-year-old with quiz 5: two flags, review, capital-safe savings only', () => {
    const customer = { ...base, age: 85, knowledge_quiz_score: 5, risk_profile: 6 };
    const profile = suitabilityProfileOf(customer);
    expect(flagsOf(customer)).toEqual(['age_80_plus', 'low_knowledge']);
    expect(profile).toMatchObject({
      knowledge_level: 'none',
      risk_tolerance: 3,
      capacity_for_loss: 'low',
      horizon_years: 1,
      needs_review: true,
    });
    const { recommended, excluded } = recommend(customer);
    for (const r of recommended) {
      const p = byId(r.product_id);
      expect(p.capital_at_risk).toBe('none');
      expect(isCreditCategory(p.category)).toBe(false);
    }
    // The Monthly Investment Plan the issue saw first is excluded, and says why.
    const plan = excluded.find((e) => byId(e.product_id).name === 'Monthly Investment Plan')!;
    expect(plan.reasons.join(' ')).toContain('awaits a review (age_80_plus, low_knowledge)');
  });

  it('a 3x-leveraged trader with 0% cash and a 55% drawdown: no credit, no added exposure', () => {
    const customer = {
      ...base,
      leverage_ratio: 3,
      cash_pct: 0,
      etf_pct: 40,
      single_stock_pct: 60,
      max_drawdown_pct: -55,
      trade_turnover_30d_pct_peer: 99,
      knowledge_quiz_score: 70,
      experience_years: 6,
      risk_profile: 8,
    };
    expect(flagsOf(customer)).toEqual([]);
    expect(suitabilityProfileOf(customer).capacity_for_loss).toBe('low');
    const { recommended, excluded } = recommend(customer);
    for (const r of recommended) {
      const p = byId(r.product_id);
      expect(isCreditCategory(p.category)).toBe(false);
      expect(p.adds_market_exposure).toBe(false);
      expect(p.capital_at_risk).not.toBe('full');
    }
    const credit = excluded.filter((e) => isCreditCategory(e.category));
    expect(credit).toHaveLength(4);
    for (const e of credit) expect(e.reasons.join(' ')).toContain('leverage of 3x is above 1x');
  });

  it('a novice with self-rated risk 9 and quiz 10: overrated risk, low knowledge, tolerance 3', () => {
    const customer = { ...base, risk_profile: 9, knowledge_quiz_score: 10, experience_years: 0 };
    expect(flagsOf(customer)).toEqual(['low_knowledge', 'overrated_risk']);
    expect(suitabilityProfileOf(customer).risk_tolerance).toBe(3);
    for (const r of recommend(customer).recommended) {
      const p = byId(r.product_id);
      expect(p.capital_at_risk).toBe('none');
      expect(isCreditCategory(p.category)).toBe(false);
      expect(p.risk_class).toBeLessThanOrEqual(3);
    }
  });

  it('an 80-year-old: age_80_plus, a one-year horizon, no lock-up beyond it', () => {
    const customer = { ...base, age: 80, knowledge_quiz_score: 75 };
    expect(flagsOf(customer)).toEqual(['age_80_plus']);
    expect(suitabilityProfileOf(customer).horizon_years).toBe(1);
    const { recommended } = recommend(customer);
    for (const r of recommended) {
      const p = byId(r.product_id);
      expect(p.min_holding_years).toBeLessThanOrEqual(1);
      expect(p.capital_at_risk).toBe('none');
    }
    // 79 is not flagged: the threshold is 80 or more.
    expect(flagsOf({ ...customer, age: 79 })).toEqual([]);
  });

  it('a contradictory row (cash 85% with leverage 1.6): contradictory_data, nothing but savings', () => {
    const customer = {
      ...base,
      cash_pct: 85,
      etf_pct: 15,
      single_stock_pct: 0,
      leverage_ratio: 1.6,
    };
    expect(flagsOf(customer)).toEqual(['contradictory_data']);
    const { recommended, excluded } = recommend(customer);
    for (const r of recommended) {
      const p = byId(r.product_id);
      expect(p.capital_at_risk).toBe('none');
      expect(p.adds_market_exposure).toBe(false);
      expect(isCreditCategory(p.category)).toBe(false);
    }
    expect(excluded.filter((e) => isCreditCategory(e.category))).toHaveLength(4);
  });

  it('lists every rule of the gate on a recommendation, with the eligibility on its own line', () => {
    const customer = { ...base, cash_pct: 60, etf_pct: 30, single_stock_pct: 10, risk_profile: 5 };
    const [first] = recommend(customer).recommended;
    expect(first).toBeDefined();
    expect(first!.checks.map((c) => c.rule)).toEqual([
      'no_credit_when_leveraged',
      'no_market_exposure_when_highly_leveraged',
      'needs_review_capital_safe_only',
      'complex_needs_knowledge',
      'risk_class_within_tolerance',
      'holding_within_horizon',
      'full_capital_risk_needs_capacity',
    ]);
    expect(first!.suitability).toMatch(
      /^Suitable: .*risk class \d is within the customer's risk tolerance of 4/,
    );
    expect(first!.eligibility).toMatch(/^Eligible on every rule of the product: age 45/);
  });
});
