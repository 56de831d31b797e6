import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIAS_NAMES,
  EXAMPLE_CUSTOMER,
  customerInsightsSchema,
  compactCustomerInsightsSchema,
  type CustomerInsights,
} from '@behavio/contract';
import { MODEL_VERSION, scoreCustomer, scoreCustomerCompact } from './index.js';
import { customerRecordArb } from './testing/arbitrary.js';
import { PERSONAS } from './testing/personas.js';
import { generateCustomers } from './testing/random-customers.js';

function numbersOf(i: CustomerInsights): number[] {
  const out = [i.priority_score, ...Object.values(i.breakdown)];
  for (const b of i.biases) {
    out.push(b.score, b.confidence);
    for (const e of b.evidence) {
      out.push(e.contribution);
      if (typeof e.value === 'number') out.push(e.value);
    }
  }
  return out;
}

describe('scoreCustomer over the whole valid input domain', () => {
  it('returns schema-valid insights with every number finite and in range', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        const i = scoreCustomer(r);
        const parsed = customerInsightsSchema.safeParse(i);
        if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
        for (const n of numbersOf(i)) expect(Number.isFinite(n)).toBe(true);
        expect(i.model_version).toBe(MODEL_VERSION);
        expect(i.biases.map((b) => b.bias_name)).toEqual([...BIAS_NAMES]);
        expect(i.top_biases).toHaveLength(3);
        expect(i.recommended_action).not.toMatch(/NaN|undefined|Infinity|\[object/);
        expect(i.why).not.toMatch(/NaN|undefined|Infinity|\[object/);
      }),
      { numRuns: 2000 },
    );
  });

  it('is deterministic: the same row gives the same insights, whatever was scored before', () => {
    fc.assert(
      fc.property(customerRecordArb, customerRecordArb, (a, b) => {
        const first = JSON.stringify(scoreCustomer(a));
        scoreCustomer(b);
        expect(JSON.stringify(scoreCustomer({ ...a }))).toBe(first);
      }),
      { numRuns: 500 },
    );
  });

  it('the compact insights are the full insights without the evidence', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        const full = scoreCustomer(r);
        const compact = compactCustomerInsightsSchema.parse(scoreCustomerCompact(r));
        const strip = (b: { bias_name: string; score: number; confidence: number }) => ({
          bias_name: b.bias_name,
          score: b.score,
          confidence: b.confidence,
        });
        expect(compact).toEqual({
          ...full,
          biases: full.biases.map(strip),
          top_biases: full.top_biases.map(strip),
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('does not modify its input', () => {
    const copy = structuredClone(EXAMPLE_CUSTOMER);
    scoreCustomer(EXAMPLE_CUSTOMER);
    expect(EXAMPLE_CUSTOMER).toEqual(copy);
  });

  it('returns independent results (no shared mutable state between rows)', () => {
    const a = scoreCustomer(PERSONAS.overconfident);
    const snapshot = JSON.stringify(a);
    scoreCustomer(PERSONAS.risk_averse);
    expect(JSON.stringify(a)).toBe(snapshot);
  });
});

describe('personas', () => {
  const cases = [
    ['overconfident', 'overconfidence'],
    ['herd_followers', 'herding'],
    ['anchored', 'anchoring'],
    ['risk_averse', 'risk_aversion'],
  ] as const;

  for (const [segment, bias] of cases) {
    it(`${segment}: lands in the segment with ${bias} in the top three`, () => {
      const i = scoreCustomer(PERSONAS[segment]);
      expect(i.segment).toBe(segment);
      expect(i.top_biases.map((b) => b.bias_name)).toContain(bias);
    });
  }

  it('the overconfident trader is high risk; the cautious saver is low risk', () => {
    expect(scoreCustomer(PERSONAS.overconfident).risk_level).toBe('high');
    expect(scoreCustomer(PERSONAS.risk_averse).risk_level).toBe('low');
  });

  it('the moderate diversified customer is balanced, low risk and low urgency', () => {
    const i = scoreCustomer(PERSONAS.balanced);
    expect(i.segment).toBe('balanced');
    expect(i.risk_level).toBe('low');
    expect(i.urgency_level).toBe('low');
  });
});

describe('realistic random book', () => {
  it('is not degenerate: every segment, urgency and risk level appears, balanced is common', () => {
    const counts = new Map<string, number>();
    const add = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
    const rows = generateCustomers(20_000, 7);
    for (const r of rows) {
      const i = scoreCustomer(r);
      add(`segment:${i.segment}`);
      add(`urgency:${i.urgency_level}`);
      add(`risk:${i.risk_level}`);
    }
    for (const k of [
      'segment:risk_averse',
      'segment:overconfident',
      'segment:herd_followers',
      'segment:anchored',
      'urgency:urgent',
      'urgency:high',
      'urgency:medium',
      'urgency:low',
      'risk:high',
      'risk:medium',
      'risk:low',
    ]) {
      expect(counts.get(k) ?? 0, k).toBeGreaterThan(rows.length * 0.002);
    }
    const balanced = (counts.get('segment:balanced') ?? 0) / rows.length;
    expect(balanced).toBeGreaterThan(0.3);
    expect(balanced).toBeLessThan(0.85);
  });
});
