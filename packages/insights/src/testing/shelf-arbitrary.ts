import {
  CAPITAL_AT_RISK,
  PRODUCT_CATEGORIES,
  PRODUCT_NEEDS,
  isCreditCategory,
  type ShelfProduct,
} from '@behavio/contract';
import fc from 'fast-check';

/*
 * Random shelves for the property tests: any product a firm could put on its shelf, with every
 * eligibility rule and governance attribute (issue 28) drawn over its whole range.
 */

const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 2 });
export const real = (min: number, max: number) =>
  fc.oneof(fc.double({ min, max, noNaN: true }), fc.integer({ min, max }));

/** Any product a firm could put on its shelf (and some it could not: needs off its category). */
export const productArb = (id: string): fc.Arbitrary<ShelfProduct> =>
  fc
    .record({
      product_id: fc.constant(id),
      name: fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta'),
      category: fc.constantFrom(...PRODUCT_CATEGORIES),
      active: fc.boolean(),
      weight: real(0, 10),
      min_age: orNull(fc.integer({ min: 0, max: 120 })),
      max_age: orNull(fc.integer({ min: 0, max: 120 })),
      min_risk_profile: orNull(real(1, 10)),
      max_risk_profile: orNull(real(1, 10)),
      min_knowledge_quiz_score: orNull(real(0, 100)),
      min_experience_years: orNull(real(0, 100)),
      max_leverage_ratio: orNull(real(0, 100)),
      min_aum: orNull(real(0, 1e7)),
      countries: fc.subarray(['GBR', 'USA', 'DEU', 'JPN']),
      needs: fc.subarray([...PRODUCT_NEEDS]),
      risk_class: fc.integer({ min: 1, max: 7 }),
      complex: fc.boolean(),
      capital_at_risk: fc.constantFrom(...CAPITAL_AT_RISK),
      min_holding_years: real(0, 30),
      adds_market_exposure: fc.boolean(),
    })
    // Credit is credit: the API refuses capital at risk or market exposure on it.
    .map((p) =>
      isCreditCategory(p.category)
        ? { ...p, capital_at_risk: 'none' as const, adds_market_exposure: false }
        : p,
    );

export const shelfArb = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productArb(`p${i}`))));
