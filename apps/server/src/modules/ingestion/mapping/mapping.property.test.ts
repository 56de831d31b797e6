import { MAPPABLE_COLUMNS } from '@behavio/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerTable,
  generateCustomers,
  parseAll,
  setCell,
  summaryOf,
  toCsvBuffer,
  type Table,
} from '../../../../test/fixtures/customer-files.js';
import { headerToColumn, resolveMapping } from './resolve.js';

/** A valid file of our own columns, with a few bad cells so that rejections are compared too. */
function original(seed: number): Table {
  const table = customerTable(generateCustomers(25, { seed, optional: true }), { optional: true });
  setCell(table, 3, 'age', 'old');
  setCell(table, 9, 'country_iso', 'Britain');
  return table;
}

/** The same file with its columns in `order` and renamed to `names` (by position in `order`). */
function reshaped(table: Table, order: number[], names: string[]): Table {
  return {
    header: order.map((_, i) => names[i]!),
    rows: table.rows.map((row) => order.map((i) => row[i]!)),
  };
}

const headerName = fc
  .stringMatching(/^[A-Za-z0-9 %()._,;"'#/-]{1,24}$/)
  .map((s) => s.trim())
  .filter((s) => s !== '');

describe('a mapped file imports as the original', () => {
  it('any renaming and order of the columns, mapped back, gives the same customers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000 }),
        fc.shuffledSubarray(
          MAPPABLE_COLUMNS.map((_, i) => i),
          { minLength: MAPPABLE_COLUMNS.length, maxLength: MAPPABLE_COLUMNS.length },
        ),
        fc.uniqueArray(headerName, {
          minLength: MAPPABLE_COLUMNS.length,
          maxLength: MAPPABLE_COLUMNS.length,
          selector: (s) => s.toLowerCase(),
        }),
        fc.constantFrom(',' as const, ';' as const, '\t' as const),
        async (seed, order, names, delimiter) => {
          const table = original(seed);
          const renamed = reshaped(table, order, names);
          const chosen = Object.fromEntries(
            order.map((column, i) => [table.header[column]!, names[i]!]),
          );
          const mapping = resolveMapping(names, chosen);
          const expected = await parseAll({
            buffer: toCsvBuffer(table, { delimiter }),
            filename: 'original.csv',
          });
          const got = await parseAll(
            { buffer: toCsvBuffer(renamed, { delimiter }), filename: 'renamed.csv' },
            { mapping: headerToColumn(mapping) },
          );
          expect(summaryOf(got.result).accepted).toBe(summaryOf(expected.result).accepted);
          expect(got.accepted).toEqual(expected.accepted);
          expect(got.rejected.map((r) => r.problems)).toEqual(
            expected.rejected.map((r) => r.problems),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
