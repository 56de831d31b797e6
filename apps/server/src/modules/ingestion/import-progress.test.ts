import type { FileSummary, ListFilesResponse, UploadResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, uploadFile } from '../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';

// Every 2,000-row batch pauses 400 ms (the services' test-only hook), so the list can be read
// between batches of a 7,000-row import.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { UPLOAD_WAIT_MS: '0' },
    { afterImportBatch: () => new Promise((resolve) => setTimeout(resolve, 400)) },
  );
});
afterAll(() => ctx.close());

/** 7,000 customers, every 500th with an age that is not a number (14 rejected rows). */
function fileWithRejectedRows() {
  const table = customerTable(generateCustomers(7_000));
  const age = table.header.indexOf('age');
  table.rows.forEach((row, index) => {
    if (index % 500 === 499) row[age] = 'unknown';
  });
  return toCsvBuffer(table);
}

describe('import progress', () => {
  it('the file list carries the rows read so far and the rate while the file imports, and every row at the end', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const res = await uploadFile(ctx, admin.headers, 'progress.csv', fileWithRejectedRows());
    expect(res.statusCode).toBe(201);
    const fileId = res.json<UploadResponse>().file_id!;

    const seen: FileSummary[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/content/list-all-uploaded-files',
        headers: admin.headers,
      });
      const file = list.json<ListFilesResponse>().files.find((f) => f.file_id === fileId)!;
      seen.push(file);
      if (file.job_status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      job_status: 'completed',
      total_rows: 7_000,
      accepted_rows: 6_986,
      rejected_rows: 14,
      rows_processed: 7_000,
      rows_expected: 7_000,
      rows_per_second: null,
    });
    // While it ran: counts between none and all, never going back, with the expected total.
    const running = seen.filter((f) => f.job_status === 'processing' && f.rows_processed != null);
    const counts = running.map((f) => f.rows_processed!);
    expect(new Set(counts.filter((n) => n > 0 && n < 7_000)).size).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    for (const file of running) expect(file.rows_expected).toBe(7_000);
    expect(running.some((f) => f.rows_per_second! > 0)).toBe(true);
    // The preview the upload screen polls says the same.
    const previewed = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/preview-file/${fileId}`,
      headers: admin.headers,
    });
    expect(previewed.json()).toMatchObject({ rows_processed: 7_000, rows_expected: 7_000 });
  }, 90_000);
});
