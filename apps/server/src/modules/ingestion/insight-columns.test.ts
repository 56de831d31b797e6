import { BIAS_NAMES } from '@behavio/contract';
import { scoreCustomer, scoreCustomerCompact } from '@behavio/insights';
import { describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import {
  INSIGHT_COLUMNS,
  copyEscape,
  figureText,
  insightColumnValues,
  insightsCopyText,
} from './insight-columns.js';

/** What PostgreSQL's COPY text format makes of a field. */
const copyUnescape = (field: string) =>
  field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);

describe('the insight columns of a loaded row', () => {
  it('are the COPY text of the stored values in column order, the JSON and array columns reading back as the insights', () => {
    for (const record of generateCustomers(200, { seed: 11 })) {
      const insights = scoreCustomer(record);
      const fields = insightsCopyText(scoreCustomerCompact(record)).split('\t');
      expect(fields).toHaveLength(INSIGHT_COLUMNS.length);
      const row = Object.fromEntries(INSIGHT_COLUMNS.map((c, i) => [c, copyUnescape(fields[i]!)]));
      expect(row.model_version).toBe(insights.model_version);
      expect(Number(row.priority_score)).toBe(insights.priority_score);
      expect(Number(row.customer_value)).toBe(insights.breakdown.customer_value);
      expect(row.segment).toBe(insights.segment);
      expect(row.recommended_action).toBe(insights.recommended_action);
      expect(row.why).toBe(insights.why);
      expect(JSON.parse(row.top_biases!)).toEqual(
        insights.top_biases.map(({ bias_name, score, confidence }) => ({
          bias_name,
          score,
          confidence,
        })),
      );
      const hundredths = (array: string) => array.slice(1, -1).split(',').map(Number);
      expect(insights.biases.map((b) => b.bias_name)).toEqual([...BIAS_NAMES]);
      expect(hundredths(row.bias_scores!)).toEqual(
        insights.biases.map((b) => Math.round(b.score * 100)),
      );
      expect(hundredths(row.bias_confidences!)).toEqual(
        insights.biases.map((b) => Math.round(b.confidence * 100)),
      );
    }
  });

  it('escapes the texts for COPY, so a tab or a backslash cannot shift a column', () => {
    const insights = scoreCustomerCompact(generateCustomers(1, { seed: 3 })[0]!);
    const odd = { ...insights, why: 'a\tb\\c\nd' };
    const fields = insightsCopyText(odd).split('\t');
    expect(fields).toHaveLength(INSIGHT_COLUMNS.length);
    expect(copyUnescape(fields[INSIGHT_COLUMNS.indexOf('why')]!)).toBe('a\tb\\c\nd');
    expect(copyEscape('plain')).toBe('plain');
    expect(insightColumnValues(odd).why).toBe('a\tb\\c\nd');
  });

  it('writes every figure as String does: 2 decimals from whole hundredths, anything else as String', () => {
    for (let hundredths = -100_000; hundredths <= 100_000; hundredths++) {
      const figure = hundredths / 100;
      expect(figureText(figure)).toBe(String(figure));
    }
    for (const other of [-0, 0.001, 1 / 3, -2.675, 1e21, 12_345_678_901.23, NaN, Infinity])
      expect(figureText(other)).toBe(String(other));
  });
});
