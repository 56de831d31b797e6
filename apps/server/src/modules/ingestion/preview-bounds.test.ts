import { PREVIEW_EXTRA_COLUMNS, REQUIRED_COLUMNS, type ListFilesResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, importCustomers } from '../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * The worst preview the parser lets through: 10 rows whose 72 extra columns each hold 10,000
 * characters (a record stops at 1,000,000 characters), 7.2 MB a file. Unbounded, each file put
 * all of it in every answer of the file list.
 */
function hostileCsv(seed: number): Buffer {
  const table = customerTable(generateCustomers(10, { seed }));
  const extras = Array.from({ length: 72 }, (_, i) => `extra_${i}`);
  table.header.push(...extras);
  table.rows.forEach((row, r) => row.push(...extras.map((_, i) => `${r}${i}`.padEnd(10_000, 'x'))));
  return toCsvBuffer(table);
}

const list = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/content/list-all-uploaded-files${query}`, headers });

describe('the file list with hostile previews', () => {
  it('keeps each file small, pages, and answers parallel calls without holding the files in memory', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    await importCustomers(ctx, admin, hostileCsv(1), 'one.csv');
    await importCustomers(ctx, admin, hostileCsv(2), 'two.csv');

    const all = await list(admin.headers);
    expect(all.statusCode).toBe(200);
    const { files } = all.json<ListFilesResponse>();
    expect(files.map((f) => f.filename)).toEqual(['one.csv', 'two.csv']);
    // 28 known + 8 extra columns of at most 101 characters, 10 rows: under 60 KB a file.
    expect(all.body.length).toBeLessThan(2 * 60_000);
    const preview = files[0]!.preview;
    expect(preview.total_columns).toBe(REQUIRED_COLUMNS.length + 72);
    expect(preview.columns_info).toHaveLength(REQUIRED_COLUMNS.length + PREVIEW_EXTRA_COLUMNS);
    expect(preview.preview_rows[0]!.extra_0).toBe(`00${'x'.repeat(98)}…`);
    expect(preview.preview_rows[0]).not.toHaveProperty('extra_8');

    const page = await list(admin.headers, '?limit=1&offset=1');
    expect(page.json<ListFilesResponse>().files.map((f) => f.filename)).toEqual(['two.csv']);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=ten'])
      expect((await list(admin.headers, query)).statusCode, query).toBe(400);

    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const answers = await Promise.all(Array.from({ length: 12 }, () => list(admin.headers)));
    const grown = process.memoryUsage().heapUsed - before;
    expect(answers.every((a) => a.statusCode === 200 && a.body.length < 120_000)).toBe(true);
    // Unbounded, the twelve answers alone were 12 × 14.4 MB.
    expect(grown).toBeLessThan(32 * 1024 * 1024);
  }, 120_000);
});
