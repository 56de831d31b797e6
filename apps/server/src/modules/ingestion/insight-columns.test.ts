import { BIAS_NAMES } from '@behavio/contract';
import { scoreCustomer, scoreCustomerCopyText } from '@behavio/insights';
import { describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { INSIGHT_COLUMNS } from './insight-columns.js';

/** What PostgreSQL's COPY text format makes of a field. */
const copyUnescape = (field: string) =>
  field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);

describe('the insight columns of a loaded row', () => {
  it('are the engine’s COPY text in column order, the JSON and array columns reading back as its values', () => {
    for (const record of generateCustomers(200, { seed: 11 })) {
      const insights = scoreCustomer(record);
      const fields = scoreCustomerCopyText(record).split('\t');
      expect(fields).toHaveLength(INSIGHT_COLUMNS.length);
      const row = Object.fromEntries(INSIGHT_COLUMNS.map((c, i) => [c, copyUnescape(fields[i]!)]));
      expect(Number(row.priority_score)).toBe(insights.priority_score);
      expect(row.recommended_action).toBe(insights.recommended_action);
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
});
