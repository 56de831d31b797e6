import { describe, expect, it } from 'vitest';
import { importProgressText } from './import-progress';

describe('importProgressText', () => {
  it('counts the rows processed out of the expected rows, with the rate once known', () => {
    expect(importProgressText({ rows_processed: 0, rows_expected: 1_200_000 })).toBe(
      '0 of 1,200,000 rows processed',
    );
    expect(
      importProgressText({
        rows_processed: 40_000,
        rows_expected: 1_200_000,
        rows_per_second: 9_876,
      }),
    ).toBe('40,000 of 1,200,000 rows processed · 9,876 rows/s');
  });

  it('drops the expected rows, an estimate, once the import has read more', () => {
    expect(
      importProgressText({ rows_processed: 16_010, rows_expected: 16_000, rows_per_second: 5 }),
    ).toBe('16,010 rows processed · 5 rows/s');
  });
});
