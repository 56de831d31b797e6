import {
  EXAMPLE_CUSTOMER,
  NO_PRODUCT_RULES,
  type CustomerRecord,
  type ShelfProduct,
} from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { scoreCustomerCompact } from '../score.js';
import { checkEligibility } from './eligibility.js';
import {
  historyExclusion,
  recommendProducts,
  standingOutcomes,
  type OutcomeRecord,
} from './recommend.js';

const customer: CustomerRecord = { ...EXAMPLE_CUSTOMER, aum: 80_000 };

/** Governance the suitability gate never blocks: these tests are about eligibility and fit. */
const UNGATED = {
  risk_class: 1,
  complex: false,
  capital_at_risk: 'none',
  min_holding_years: 0,
  adds_market_exposure: false,
} as const;

const product = (p: Partial<ShelfProduct> & Pick<ShelfProduct, 'product_id'>): ShelfProduct => ({
  ...NO_PRODUCT_RULES,
  ...UNGATED,
  name: p.product_id,
  category: 'investment',
  needs: [],
  ...p,
});

const AS_OF = '2026-06-01T12:00:00Z';
const recommend = (c: CustomerRecord, shelf: ShelfProduct[], outcomes: OutcomeRecord[] = []) =>
  recommendProducts({
    customer: c,
    biases: scoreCustomerCompact(c).biases,
    shelf,
    outcomes,
    asOf: AS_OF,
  });

describe('the eligibility gate', () => {
  const gate = (p: Partial<ShelfProduct>, c: CustomerRecord = customer) =>
    checkEligibility(c, product({ product_id: 'p', ...p }));

  it('says in plain words which rule excludes the customer, with both figures', () => {
    expect(gate({ min_risk_profile: 7 }).exclusions).toEqual([
      "risk profile 6 is below this product's minimum of 7",
    ]);
    expect(gate({ max_risk_profile: 5 }).exclusions).toEqual([
      "risk profile 6 is above this product's maximum of 5",
    ]);
    expect(gate({ min_age: 43 }).exclusions).toEqual([
      "age 42 is below this product's minimum of 43",
    ]);
    expect(gate({ max_age: 41 }).exclusions).toEqual([
      "age 42 is above this product's maximum of 41",
    ]);
    expect(gate({ min_knowledge_quiz_score: 80 }).exclusions).toEqual([
      "knowledge quiz score 72 is below this product's minimum of 80",
    ]);
    expect(gate({ min_experience_years: 10 }).exclusions).toEqual([
      "8 years of investing experience is below this product's minimum of 10",
    ]);
    expect(gate({ max_leverage_ratio: 1.15 }).exclusions).toEqual([
      "leverage of 1.2x is above this product's maximum of 1.15x",
    ]);
    expect(gate({ min_aum: 100_000 }).exclusions).toEqual([
      "AUM of 80,000 is below this product's minimum of 100,000",
    ]);
    expect(gate({ countries: ['IRL', 'FRA'] }).exclusions).toEqual([
      'country GBR is not one this product is offered in (IRL, FRA)',
    ]);
  });

  it('lists every rule broken, not only the first', () => {
    expect(gate({ min_age: 50, min_risk_profile: 8, countries: ['USA'] }).exclusions).toHaveLength(
      3,
    );
  });

  it('lets a figure equal to a minimum or maximum pass, and says so', () => {
    const g = gate({ min_age: 42, max_age: 42, min_risk_profile: 6, max_leverage_ratio: 1.2 });
    expect(g.exclusions).toEqual([]);
    expect(g.passes).toEqual([
      'age 42 (42 to 42)',
      'risk profile 6 (6 or more)',
      'leverage of 1.2x (1.2x or less)',
    ]);
  });

  it('checks min_aum only when the file carries aum', () => {
    expect(gate({ min_aum: 1e9 }, { ...customer, aum: null })).toEqual({
      exclusions: [],
      passes: [],
    });
  });

  it('matches countries whatever their case', () => {
    expect(gate({ countries: ['gbr'] }, { ...customer, country_iso: ' gbr' }).exclusions).toEqual(
      [],
    );
  });

  it('leaves leverage to the suitability gate: no credit above 1x, whatever the product allows', () => {
    for (const category of ['credit_card', 'loan'] as const) {
      // The product's own rules say nothing of leverage here: eligibility passes …
      expect(gate({ category }, { ...customer, leverage_ratio: 3 }).exclusions).toEqual([]);
      // … and the gate excludes credit above 1x, and only above it.
      const reasonsAt = (leverage_ratio: number) =>
        recommend({ ...customer, leverage_ratio }, [
          product({ product_id: 'c', category }),
        ]).excluded.flatMap((e) => e.reasons);
      expect(reasonsAt(1.01)).toEqual([
        'Not suitable: leverage of 1.01x is above 1x: no credit is offered to a leveraged portfolio',
      ]);
      expect(reasonsAt(1)).toEqual([]);
    }
  });
});

describe('the customer’s history', () => {
  const at = (days: number) => new Date(Date.parse(AS_OF) - days * 86_400_000).toISOString();
  const o = (outcome: OutcomeRecord['outcome'], daysAgo: number): OutcomeRecord => ({
    product_id: 'p',
    outcome,
    recorded_at: at(daysAgo),
  });
  const exclusion = (outcomes: OutcomeRecord[]) => historyExclusion('p', outcomes, AS_OF, 90);

  it('keeps a declined product off for the cooling-off period, and no longer', () => {
    expect(exclusion([o('declined', 10)])).toBe(
      'declined on 2026-05-22: not offered again for 90 days, until 2026-08-20',
    );
    expect(exclusion([o('declined', 89.9)])).toBeDefined();
    expect(exclusion([o('declined', 90)])).toBeUndefined();
    expect(exclusion([o('offered', 5)])).toBeUndefined();
  });

  it('never recommends an accepted product again', () => {
    expect(exclusion([o('accepted', 2000), o('offered', 3)])).toBe(
      'accepted on 2020-12-09: not recommended again',
    );
  });

  it('lets an Undo take back the outcome before it', () => {
    expect(exclusion([o('declined', 10), o('undone', 9)])).toBeUndefined();
    expect(exclusion([o('declined', 130), o('declined', 10), o('undone', 9)])).toBeUndefined();
    expect(exclusion([o('offered', 30), o('declined', 10), o('undone', 9)])).toBeUndefined();
    expect(exclusion([o('accepted', 10), o('undone', 9)])).toBeUndefined();
  });

  it('counts a repeated outcome once: one Undo takes back an outcome however often it was sent', () => {
    expect(exclusion([o('accepted', 10), o('accepted', 10), o('undone', 9)])).toBeUndefined();
    expect(exclusion([o('declined', 30), o('declined', 10), o('undone', 9)])).toBeUndefined();
    expect(
      standingOutcomes([o('offered', 5), o('offered', 4), o('accepted', 3), o('accepted', 2)]).map(
        (x) => x.outcome,
      ),
    ).toEqual(['offered', 'accepted']);
  });

  it('starts a new cooling-off period for a refusal once the one before has ended its own', () => {
    expect(exclusion([o('declined', 130), o('declined', 10)])).toBe(
      'declined on 2026-05-22: not offered again for 90 days, until 2026-08-20',
    );
  });

  it('reads only the product’s own outcomes', () => {
    expect(historyExclusion('q', [o('accepted', 1)], AS_OF, 90)).toBeUndefined();
  });
});

describe('ranking', () => {
  // The example customer has 40% in single stocks: a concentration need.
  const diversifier = (id: string, p: Partial<ShelfProduct> = {}) =>
    product({ product_id: id, needs: ['concentration'], ...p });

  it('ranks by fit x weight, and never recommends a weight of 0, an inactive or an unfitting product', () => {
    const { recommended, excluded } = recommend(customer, [
      diversifier('light', { weight: 2 }),
      diversifier('heavy', { weight: 9 }),
      diversifier('zero', { weight: 0 }),
      diversifier('off', { active: false }),
      product({ product_id: 'liquidity', category: 'loan' }),
    ]);
    expect(recommended.map((r) => r.product_id)).toEqual(['heavy', 'light']);
    expect(recommended[0]!.rank_score).toBeCloseTo(recommended[0]!.fit_score * 9, 1);
    // The loan is excluded by the suitability gate (leverage 1.2x is above 1x), not ranked.
    expect(excluded.map((e) => e.product_id)).toEqual(['liquidity']);
  });

  it('breaks ties by fit, then weight, then name, then id, whatever the shelf order', () => {
    const shelf = [
      diversifier('b', { name: 'Same' }),
      diversifier('a', { name: 'Same' }),
      diversifier('c', { name: 'Earlier' }),
    ];
    const ids = recommend(customer, shelf).recommended.map((r) => r.product_id);
    expect(ids).toEqual(['c', 'a', 'b']);
    expect(recommend(customer, [...shelf].reverse()).recommended.map((r) => r.product_id)).toEqual(
      ids,
    );
  });

  it('lists at most three, each with reasons in the customer’s figures and its suitability', () => {
    const shelf = ['a', 'b', 'c', 'd', 'e'].map((id) => diversifier(id, { min_age: 18 }));
    const { recommended } = recommend(customer, shelf);
    expect(recommended).toHaveLength(3);
    for (const r of recommended) {
      expect(r.reasons).toEqual([
        "40% of the portfolio is in single stocks: a diversified fund lowers the damage one company's fall can do.",
      ]);
      expect(r.eligibility).toBe('Eligible on every rule of the product: age 42 (18 or more).');
      expect(r.suitability).toMatch(
        /^Suitable: not a credit product; .*; capital at risk: none\.$/,
      );
    }
  });

  it('says so when a product sets no rules', () => {
    expect(recommend(customer, [diversifier('x')]).recommended[0]!.eligibility).toBe(
      'Eligible: the product sets no eligibility rules.',
    );
  });

  it('lists each excluded product with every reason, the history included', () => {
    const { recommended, excluded } = recommend(
      customer,
      [diversifier('x', { name: 'Fund X', min_age: 50 })],
      [{ product_id: 'x', outcome: 'declined', recorded_at: '2026-05-01T00:00:00Z' }],
    );
    expect(recommended).toEqual([]);
    expect(excluded).toEqual([
      {
        product_id: 'x',
        name: 'Fund X',
        category: 'investment',
        reasons: [
          "age 42 is below this product's minimum of 50",
          'declined on 2026-05-01: not offered again for 90 days, until 2026-07-30',
        ],
      },
    ]);
  });

  it('serves every need of its category when a product names none, and ignores needs its category cannot serve', () => {
    const leveraged = { ...customer, leverage_ratio: 2, cash_pct: 30 };
    const savings = recommend(leveraged, [product({ product_id: 's', category: 'savings' })]);
    expect(savings.recommended[0]!.reasons[0]).toMatch(/^Leverage of 2x while 30% sits in cash/);
    const loan = recommend({ ...leveraged, leverage_ratio: 1.2 }, [
      product({ product_id: 'l', category: 'loan', needs: ['deleveraging'] }),
    ]);
    expect(loan.recommended).toEqual([]);
  });
});
