import {
  RECOMMENDATION_COOLOFF_DAYS,
  RECOMMENDED_PRODUCTS_LISTED,
  type CustomerRecord,
  type ShelfProduct,
} from '@behavio/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreCustomerCompact } from '../score.js';
import { customerRecordArb } from '../testing/arbitrary.js';
import { productArb, real, shelfArb } from '../testing/shelf-arbitrary.js';
import { productFit, recommendProducts, type OutcomeRecord } from './recommend.js';
import { situationOf } from './situation.js';

const AS_OF = '2026-06-01T00:00:00Z';
/** Hundreds of runs each; generous, as the machine running the suite may be busy. */
const PROPERTY_TIMEOUT_MS = 60_000;
const DAY_MS = 86_400_000;

const outcomesArb = fc.array(
  fc.record({
    product_id: fc.constantFrom('p0', 'p1', 'p2', 'p3'),
    outcome: fc.constantFrom('offered', 'accepted', 'declined', 'undone'),
    recorded_at: fc
      .integer({ min: 0, max: 400 })
      .map((days) => new Date(Date.parse(AS_OF) - days * DAY_MS).toISOString()),
  }) as fc.Arbitrary<OutcomeRecord>,
  { maxLength: 6 },
);

const run = (customer: CustomerRecord, shelf: readonly ShelfProduct[], outcomes: OutcomeRecord[]) =>
  recommendProducts({
    customer,
    biases: scoreCustomerCompact(customer).biases,
    shelf,
    outcomes,
    asOf: AS_OF,
  });

/** The product's rules, checked independently of the model's gate. */
function brokenRule(c: CustomerRecord, p: ShelfProduct): string | undefined {
  const below = (v: number | null, min: number | null) => v !== null && min !== null && v < min;
  const above = (v: number | null, max: number | null) => v !== null && max !== null && v > max;
  if (!p.active) return 'inactive';
  if (p.weight <= 0) return 'weight 0';
  if (below(c.age, p.min_age) || above(c.age, p.max_age)) return 'age';
  if (below(c.risk_profile, p.min_risk_profile) || above(c.risk_profile, p.max_risk_profile))
    return 'risk profile';
  if (below(c.knowledge_quiz_score, p.min_knowledge_quiz_score)) return 'quiz';
  if (below(c.experience_years, p.min_experience_years)) return 'experience';
  if (above(c.leverage_ratio, p.max_leverage_ratio)) return 'leverage';
  if (below(c.aum, p.min_aum)) return 'aum';
  const country = c.country_iso.trim().toUpperCase();
  if (p.countries.length > 0 && !p.countries.includes(country)) return 'country';
  if ((p.category === 'loan' || p.category === 'credit_card') && c.leverage_ratio > 1)
    return 'no new credit';
  return undefined;
}

function historyBlocks(productId: string, outcomes: OutcomeRecord[]): boolean {
  const standing: OutcomeRecord[] = [];
  for (const o of [...outcomes]
    .filter((x) => x.product_id === productId)
    .sort((a, b) => Date.parse(String(a.recorded_at)) - Date.parse(String(b.recorded_at)))) {
    const top = standing.at(-1);
    const repeat =
      top?.outcome === o.outcome &&
      (o.outcome !== 'declined' ||
        Date.parse(String(o.recorded_at)) <
          Date.parse(String(top.recorded_at)) + RECOMMENDATION_COOLOFF_DAYS * DAY_MS);
    if (o.outcome === 'undone') standing.pop();
    else if (!repeat) standing.push(o);
  }
  if (standing.some((o) => o.outcome === 'accepted')) return true;
  const declined = standing.filter((o) => o.outcome === 'declined').at(-1);
  return (
    declined !== undefined &&
    Date.parse(AS_OF) - Date.parse(String(declined.recorded_at)) <
      RECOMMENDATION_COOLOFF_DAYS * DAY_MS
  );
}

describe('recommendation properties', () => {
  it(
    'never recommends a product whose rules, the credit line or the history exclude the customer',
    () => {
      fc.assert(
        fc.property(customerRecordArb, shelfArb, outcomesArb, (customer, shelf, outcomes) => {
          const { recommended, excluded } = run(customer, shelf, outcomes);
          for (const r of recommended) {
            const product = shelf.find((p) => p.product_id === r.product_id)!;
            expect(brokenRule(customer, product)).toBeUndefined();
            expect(historyBlocks(r.product_id, outcomes)).toBe(false);
          }
          // And the other way round: every active product that breaks a rule is listed as excluded.
          for (const p of shelf) {
            const broken = brokenRule(customer, p);
            if (p.active && broken && broken !== 'weight 0')
              expect(excluded.map((e) => e.product_id)).toContain(p.product_id);
          }
        }),
        { numRuns: 400 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'answers bounded output: at most three, fit 0-100, rank 0-1000, reasons and a suitability line',
    () => {
      fc.assert(
        fc.property(customerRecordArb, shelfArb, outcomesArb, (customer, shelf, outcomes) => {
          const { recommended, excluded } = run(customer, shelf, outcomes);
          expect(recommended.length).toBeLessThanOrEqual(RECOMMENDED_PRODUCTS_LISTED);
          expect(recommended.length + excluded.length).toBeLessThanOrEqual(shelf.length);
          for (const r of recommended) {
            expect(r.fit_score).toBeGreaterThan(0);
            expect(r.fit_score).toBeLessThanOrEqual(100);
            expect(r.rank_score).toBeGreaterThan(0);
            expect(r.rank_score).toBeLessThanOrEqual(1000);
            expect(r.reasons.length).toBeGreaterThan(0);
            expect(r.reasons.length).toBeLessThanOrEqual(3);
            for (const reason of r.reasons) {
              expect(reason).toMatch(/\d/);
              // A fall is told by its size ("a 41.6% drawdown"), never "A -41.6% drawdown".
              expect(reason).not.toMatch(/\b[Aa]n? -\d/);
            }
            expect(r.suitability).toMatch(/^Suitable: /);
            expect(r.eligibility).toMatch(/^Eligible/);
            expect(r.checks.every((c) => c.passed)).toBe(true);
          }
          for (const e of excluded) expect(e.reasons.length).toBeGreaterThan(0);
          for (let i = 1; i < recommended.length; i++)
            expect(recommended[i - 1]!.rank_score).toBeGreaterThanOrEqual(
              recommended[i]!.rank_score,
            );
        }),
        { numRuns: 400 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'is deterministic, and the shelf’s order does not change the answer',
    () => {
      fc.assert(
        fc.property(customerRecordArb, shelfArb, outcomesArb, (customer, shelf, outcomes) => {
          const first = run(customer, shelf, outcomes);
          expect(run(customer, shelf, outcomes)).toEqual(first);
          const reversed = run(customer, [...shelf].reverse(), outcomes);
          expect(reversed.recommended).toEqual(first.recommended);
          expect(new Set(reversed.excluded.map((e) => e.product_id))).toEqual(
            new Set(first.excluded.map((e) => e.product_id)),
          );
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  const fitOf = (customer: CustomerRecord, product: ShelfProduct) =>
    productFit(situationOf(customer, scoreCustomerCompact(customer).biases), product);

  it(
    'more idle cash never lowers a savings product’s fit',
    () => {
      fc.assert(
        fc.property(
          customerRecordArb,
          real(0, 100),
          productArb('s').map((p) => ({ ...p, category: 'savings' as const })),
          (customer, more, product) => {
            const richer = { ...customer, cash_pct: Math.min(100, customer.cash_pct + more) };
            expect(fitOf(richer, product)).toBeGreaterThanOrEqual(fitOf(customer, product));
          },
        ),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'more leverage never raises a loan’s (or a credit card’s) fit',
    () => {
      fc.assert(
        fc.property(
          customerRecordArb,
          real(0, 100),
          productArb('l'),
          fc.constantFrom('loan' as const, 'credit_card' as const),
          (customer, more, product, category) => {
            const levered = {
              ...customer,
              leverage_ratio: Math.min(100, customer.leverage_ratio + more),
            };
            const credit = { ...product, category };
            expect(fitOf(levered, credit)).toBeLessThanOrEqual(fitOf(customer, credit));
          },
        ),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
