import { BIAS_NAMES } from '@behavio/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreCustomer, scoreCustomerCompact, scoreCustomerCopyText } from './index.js';
import { customerRecordArb } from './testing/arbitrary.js';
import { PERSONAS } from './testing/personas.js';
import { generateCustomers } from './testing/random-customers.js';
import { referenceInsightsCopyText } from './testing/reference-copy-text.js';

const reference = (r: Parameters<typeof scoreCustomerCompact>[0]) =>
  referenceInsightsCopyText(scoreCustomerCompact(r));

describe('scoreCustomerCopyText', () => {
  it("is byte-identical to the server's COPY text of the compact insights", () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        expect(scoreCustomerCopyText(r)).toBe(reference(r));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches on the personas and a realistic book', () => {
    for (const r of [...Object.values(PERSONAS), ...generateCustomers(5_000, 11)]) {
      expect(scoreCustomerCopyText(r)).toBe(reference(r));
    }
  });

  it('escapes a country code that carries COPY control characters into the texts', () => {
    const country = fc.constantFrom('G\\BR', 'GB\tR', ' \\n', 'X\r\nY', '\tGBR', 'gbr ');
    fc.assert(
      fc.property(customerRecordArb, country, (r, country_iso) => {
        const row = { ...r, country_iso, home_country_weight_pct: 95, cash_pct: 0 };
        expect(scoreCustomerCopyText(row)).toBe(reference(row));
      }),
      { numRuns: 500 },
    );
  });
});

/** The shared fields of an insight read back from its COPY columns. */
function parseCopyText(line: string) {
  const unescape = (t: string) =>
    t.replace(/\\([\\tnr])/g, (_, c: string) =>
      c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\',
    );
  const c = line.split('\t');
  const hundredths = (t: string) =>
    t
      .slice(1, -1)
      .split(',')
      .map((v) => Number(v) / 100);
  const scores = hundredths(c[13]!);
  const confidences = hundredths(c[14]!);
  return {
    model_version: c[0],
    priority_score: Number(c[1]),
    urgency_level: c[2],
    risk_level: c[3],
    segment: c[4],
    breakdown: {
      bias_severity: Number(c[5]),
      risk_urgency: Number(c[6]),
      time_sensitivity: Number(c[7]),
      customer_value: Number(c[8]),
    },
    customer_value_basis: c[9],
    recommended_action: unescape(c[10]!),
    why: unescape(c[11]!),
    top_biases: JSON.parse(c[12]!) as unknown,
    biases: BIAS_NAMES.map((bias_name, b) => ({
      bias_name,
      score: scores[b],
      confidence: confidences[b],
    })),
  };
}

describe('the import path against scoreCustomer', () => {
  it('stores exactly what scoreCustomer gives for every field they share', () => {
    const strip = (b: { bias_name: string; score: number; confidence: number }) => ({
      bias_name: b.bias_name,
      score: b.score,
      confidence: b.confidence,
    });
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        const full = scoreCustomer(r);
        expect(parseCopyText(scoreCustomerCopyText(r))).toStrictEqual({
          ...full,
          biases: full.biases.map(strip),
          top_biases: full.top_biases.map(strip),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
