import {
  CATEGORY_NEEDS,
  DEFAULT_SHELF,
  type CustomerRecord,
  type ProductNeed,
  type ShelfProduct,
} from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { scoreCustomerCompact } from '../score.js';
import { BALANCED_INVESTOR } from '../testing/personas.js';
import { recommendProducts } from './recommend.js';

/**
 * Customers built to need one kind of product get a product meeting that need in their top
 * three, from the default shelf every firm starts with.
 */
const SHELF: ShelfProduct[] = DEFAULT_SHELF.map((p, i) => ({ ...p, product_id: `p${i}` }));
const needsOf = (id: string) => {
  const p = SHELF.find((s) => s.product_id === id)!;
  return p.needs.length > 0 ? p.needs : CATEGORY_NEEDS[p.category];
};

/** A customer with no strong pattern, in a large home market, with AUM on file. */
const base: CustomerRecord = {
  ...BALANCED_INVESTOR,
  country_iso: 'USA',
  home_country_weight_pct: 50,
  max_drawdown_pct: -8,
  aum: 150_000,
};

const PERSONAS: { name: string; need: ProductNeed; customer: Partial<CustomerRecord> }[] = [
  {
    name: 'idle cash, never trades, cautious',
    need: 'idle_cash',
    customer: {
      cash_pct: 65,
      etf_pct: 30,
      single_stock_pct: 5,
      days_since_last_trade: 420,
      rebalances_ytd: 0,
      risk_profile: 2,
    },
  },
  {
    name: 'borrowing twice the equity while holding cash',
    need: 'deleveraging',
    customer: { leverage_ratio: 2.2, cash_pct: 25, etf_pct: 50, single_stock_pct: 25 },
  },
  {
    name: 'almost everything at home',
    need: 'home_bias',
    customer: { country_iso: 'GBR', home_country_weight_pct: 95 },
  },
  {
    name: 'three-quarters in single stocks',
    need: 'concentration',
    customer: { single_stock_pct: 75, etf_pct: 15, cash_pct: 10 },
  },
  {
    // Knowledge tested at 45: a self-rating of 8 with a quiz under 40 would ask for a review
    // first (the overrated_risk flag of the suitability profile) and get no investment at all.
    name: 'overconfident heavy trader',
    need: 'managed_investing',
    customer: {
      trade_turnover_30d_pct_peer: 98,
      risk_profile: 8,
      knowledge_quiz_score: 45,
      single_stock_pct: 45,
      etf_pct: 45,
      gain_takes: 30,
      loss_takes: 20,
    },
  },
  {
    name: 'deep drawdown, panic selling',
    need: 'protection',
    customer: {
      max_drawdown_pct: -45,
      stop_loss_sell_cnt: 5,
      loss_takes: 6,
      days_since_loss_sell: 4,
      cash_pct: 45,
      etf_pct: 45,
      single_stock_pct: 10,
      risk_profile: 4,
    },
  },
  {
    name: 'fully invested, no cash buffer, unlevered',
    need: 'liquidity',
    customer: { cash_pct: 1, etf_pct: 89, single_stock_pct: 10, age: 38 },
  },
  {
    name: 'retired and cautious',
    need: 'income',
    customer: { age: 71, risk_profile: 3, cash_pct: 30, etf_pct: 60, single_stock_pct: 10 },
  },
  {
    name: 'young, with appetite, mostly in cash',
    need: 'long_term_growth',
    customer: { age: 28, risk_profile: 7, cash_pct: 55, etf_pct: 35, single_stock_pct: 10 },
  },
];

describe('personas get a product for their need in the top three (default shelf)', () => {
  for (const persona of PERSONAS) {
    it(`${persona.name} → ${persona.need}`, () => {
      const customer = { ...base, ...persona.customer };
      const { recommended } = recommendProducts({
        customer,
        biases: scoreCustomerCompact(customer).biases,
        shelf: SHELF,
        asOf: '2026-06-01T00:00:00Z',
      });
      expect(recommended.length).toBeGreaterThan(0);
      const meeting = recommended.filter((r) => needsOf(r.product_id).includes(persona.need));
      expect(meeting, JSON.stringify(recommended, null, 1)).not.toEqual([]);
      expect(meeting[0]!.reasons.join(' ')).toMatch(/\d/);
    });
  }

  it('a leveraged customer is never offered credit, and is told why', () => {
    const customer = { ...base, leverage_ratio: 2.2, cash_pct: 1, etf_pct: 80 };
    const { recommended, excluded } = recommendProducts({
      customer,
      biases: scoreCustomerCompact(customer).biases,
      shelf: SHELF,
      asOf: '2026-06-01T00:00:00Z',
    });
    expect(
      recommended.filter((r) => r.category === 'credit_card' || r.category === 'loan'),
    ).toEqual([]);
    const credit = excluded.filter((e) => e.category === 'credit_card' || e.category === 'loan');
    expect(credit).toHaveLength(4);
    for (const e of credit)
      expect(e.reasons.join(' ')).toContain('no credit is offered to a leveraged portfolio');
  });
});
