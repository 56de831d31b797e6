import {
  MESSAGES,
  FIX_BODY_MAX_BYTES,
  FIX_CELL_MAX_CHARS,
  FIX_MESSAGES,
  FIX_ROWS_MAX,
  type FileFixesResponse,
  type UploadResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { adminOnPlan, uploadFile, type Admin } from '../../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../../../../test/fixtures/customer-files.js';

/*
 * Limits that agree (issue 36, item 6; docs/ingestion.md, "Fixing rejected rows"): a fix of
 * FIX_ROWS_MAX rows at their longest fits the route's body limit, which is derived from them.
 */
let ctx: TestContext;
let admin: Admin;
let fileId: string;
/** The file's columns, and each rejected row's cells as corrected (every one valid). */
let header: string[];
let fixed: string[][];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  // FIX_ROWS_MAX rows rejected for their age, and one accepted.
  const records = generateCustomers(FIX_ROWS_MAX + 1, { seed: 36 });
  const table = customerTable(records, { optional: true });
  header = table.header;
  // The optional amounts the generator leaves out are given, so every column is written.
  fixed = table.rows
    .slice(0, FIX_ROWS_MAX)
    .map((row) => row.map((cell) => (cell === null ? '250000' : String(cell))));
  for (let i = 0; i < FIX_ROWS_MAX; i++) setCell(table, i, 'age', 'forty');
  const res = await uploadFile(ctx, admin.headers, 'ages.csv', toCsvBuffer(table));
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<UploadResponse>();
  expect(answer.preview).toMatchObject({ accepted_rows: 1, rejected_rows: FIX_ROWS_MAX });
  fileId = answer.file_id!;
}, 300_000);
afterAll(() => ctx.close());

const send = (body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/content/file-fixes/${fileId}`,
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body,
  });

/** Every rejected row, each cell written as `cell(value, column)`. */
const rowsOf = (cell: (value: string, column: string) => string) => ({
  rows: fixed.map((values, i) => ({
    row: i + 2,
    values: Object.fromEntries(header.map((column, c) => [column, cell(values[c]!, column)])),
  })),
});

/** A body of exactly `bytes` bytes: `body` followed by spaces, which JSON allows. */
const padded = (body: object, bytes: number) => {
  const json = JSON.stringify(body);
  expect(Buffer.byteLength(json)).toBeLessThanOrEqual(bytes);
  return json + ' '.repeat(bytes - Buffer.byteLength(json));
};

describe('the fix route’s limits', () => {
  it('takes a body of FIX_BODY_MAX_BYTES, the largest the schema allows, and reads its rows', async () => {
    // Every cell at its longest, in the costliest character JSON writes (6 bytes each).
    const costliest = rowsOf(() => '\u001f'.repeat(FIX_CELL_MAX_CHARS));
    const res = await send(padded(costliest, FIX_BODY_MAX_BYTES));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ code: 'rows_still_invalid' });
  });

  it('refuses one byte more with 413 and a clear message, importing nothing', async () => {
    const res = await send(padded({ rows: [] }, FIX_BODY_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: MESSAGES.bodyTooLarge,
    });
  });

  it('refuses a cell one character longer than FIX_CELL_MAX_CHARS, naming it', async () => {
    const body = rowsOf((value) => value);
    body.rows[0]!.values.customer_id = 'C'.repeat(FIX_CELL_MAX_CHARS + 1);
    const res = await send(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(FIX_MESSAGES.cellTooLong);
  });

  it(`imports ${FIX_ROWS_MAX} full-size rows: every cell at FIX_CELL_MAX_CHARS characters`, async () => {
    const full = rowsOf((value, column) =>
      column === 'customer_id'
        ? value.padEnd(FIX_CELL_MAX_CHARS, 'X')
        : value.padStart(FIX_CELL_MAX_CHARS, ' '),
    );
    const body = JSON.stringify(full);
    // More than the 256 KB every other JSON route takes.
    expect(Buffer.byteLength(body)).toBeGreaterThan(256 * 1024);
    const res = await send(body);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json<FileFixesResponse>()).toMatchObject({
      fixed_rows: FIX_ROWS_MAX,
      accepted_rows: FIX_ROWS_MAX + 1,
      rejected_rows: 0,
    });
  });
});
