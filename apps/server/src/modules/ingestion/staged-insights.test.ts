import { BIAS_NAMES, type CompactCustomerInsights } from '@behavio/contract';
import { scoreCustomer, scoreCustomerCompact } from '@behavio/insights';
import { describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { INSIGHT_COLUMNS, copyEscape, insightsCopyText } from './staged-insights.js';

/** What PostgreSQL's COPY text format makes of a field. */
const copyUnescape = (field: string) =>
  field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);

describe('insightsCopyText', () => {
  it('writes every insight column, with the JSON columns parsing back to the engine’s values', () => {
    for (const record of generateCustomers(200, { seed: 11 })) {
      const insights = scoreCustomer(record);
      const fields = insightsCopyText(scoreCustomerCompact(record)).split('\t');
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
      const scores = JSON.parse(row.bias_scores!) as Record<string, [number, number]>;
      expect(Object.keys(scores).sort()).toEqual([...BIAS_NAMES].sort());
      for (const bias of insights.biases)
        expect(scores[bias.bias_name]).toEqual([bias.score, bias.confidence]);
    }
  });

  it('escapes tabs, line breaks and backslashes in texts', () => {
    const insights = scoreCustomerCompact(generateCustomers(1)[0]!);
    const tricky: CompactCustomerInsights = { ...insights, why: 'a\tb\nc\\d\re' };
    const fields = insightsCopyText(tricky).split('\t');
    expect(fields).toHaveLength(INSIGHT_COLUMNS.length);
    expect(copyUnescape(fields[INSIGHT_COLUMNS.indexOf('why')]!)).toBe('a\tb\nc\\d\re');
    expect(copyEscape('plain')).toBe('plain');
  });
});
