import {
  FIX_MESSAGES,
  type FileFixesPage,
  type FileFixesResponse,
  type PreviewFileResponse,
  type UploadResponse,
} from '@behavio/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { adminOnPlan, employeeOf, uploadFile, setUpDb } from '../../../../test/firms.js';
import { filesSupplying } from '../../../../test/supplying-files.js';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../../../../test/fixtures/customer-files.js';
import { listLoadTables } from '../load-tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => ctx.app.inject({ method: 'GET', url, headers });
const fixes = (headers: Headers, fileId: string, query = '') =>
  get(headers, `/api/content/file-fixes/${fileId}${query}`);
const postFixes = (headers: Headers, fileId: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/content/file-fixes/${fileId}`, headers, payload });

const records = generateCustomers(10, { seed: 23 });

/**
 * A completed file of 10 rows, 3 rejected: row 3 (age "forty"), row 6 (risk_profile 11) and
 * row 9 (cash, ETF and single stocks adding up to 150).
 */
async function fileWithRejectedRows(admin: { headers: Headers }) {
  const table = customerTable(records);
  setCell(table, 1, 'age', 'forty');
  setCell(table, 4, 'risk_profile', 11);
  setCell(table, 7, 'cash_pct', 50);
  setCell(table, 7, 'etf_pct', 50);
  setCell(table, 7, 'single_stock_pct', 50);
  const res = await uploadFile(ctx, admin.headers, 'mixed.csv', toCsvBuffer(table));
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<UploadResponse>();
  expect(answer.preview).toMatchObject({ accepted_rows: 7, rejected_rows: 3 });
  return answer.file_id!;
}

async function pageOf(headers: Headers, fileId: string, query = '') {
  const res = await fixes(headers, fileId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FileFixesPage>();
}

/** The listed row with `row`'s number, its values as they are, `changes` applied. */
async function corrected(headers: Headers, fileId: string, row: number, changes: object) {
  const listed = (await pageOf(headers, fileId, '?limit=100')).rows.find((r) => r.row === row);
  expect(listed).toBeDefined();
  return { row, values: { ...listed!.values, ...changes } };
}

async function countsOf(headers: Headers, fileId: string) {
  const res = await get(headers, `/api/content/preview-file/${fileId}`);
  const { preview } = res.json<PreviewFileResponse>();
  return {
    accepted: preview.accepted_rows,
    rejected: preview.rejected_rows,
    problems: preview.problems,
  };
}

const storedCustomer = (firmId: string, customerId: string) =>
  setUpDb(ctx)
    .selectFrom('customers')
    .leftJoin('customer_insights', (j) =>
      j
        .onRef('customer_insights.firm_id', '=', 'customers.firm_id')
        .onRef('customer_insights.customer_id', '=', 'customers.customer_id'),
    )
    .select(['customers.age', 'customer_insights.priority_score'])
    .where('customers.firm_id', '=', firmId)
    .where('customers.customer_id', '=', customerId)
    .executeTakeFirst();

describe('the rejected rows of a completed file', () => {
  it('are listed a page at a time, each with its cells by column and its problems', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);

    const first = await pageOf(admin.headers, fileId, '?limit=2');
    expect(first).toMatchObject({
      file_id: fileId,
      filename: 'mixed.csv',
      accepted_rows: 7,
      rejected_rows: 3,
      limit: 2,
      offset: 0,
    });
    expect(first.columns).toContain('customer_id');
    expect(first.rows.map((r) => r.row)).toEqual([3, 6]);
    expect(first.rows[0]!.values).toMatchObject({
      customer_id: records[1]!.customer_id,
      age: 'forty',
      country_iso: records[1]!.country_iso,
    });
    expect(first.rows[0]!.problems).toEqual([
      {
        row: 3,
        column: 'age',
        value: 'forty',
        reason: 'must be a whole number between 18 and 120',
      },
    ]);
    expect(first.rows[1]!.problems).toEqual([
      expect.objectContaining({ row: 6, column: 'risk_profile', value: '11' }),
    ]);

    const second = await pageOf(admin.headers, fileId, '?limit=2&offset=2');
    expect(second.rows.map((r) => r.row)).toEqual([9]);
    expect(second.rows[0]!.problems).toEqual([
      expect.objectContaining({
        column: 'cash_pct + etf_pct + single_stock_pct',
        reason: 'cash_pct, etf_pct and single_stock_pct add up to 150, more than 100',
      }),
    ]);
  });

  it('once fixed, are imported with their insights, counted and gone from the report', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const customerId = records[1]!.customer_id;
    expect(await storedCustomer(admin.firmId, customerId)).toBeUndefined();

    const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
    const res = await postFixes(admin.headers, fileId, { rows: [fix] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FileFixesResponse>()).toEqual({
      message: FIX_MESSAGES.fixed(1),
      file_id: fileId,
      fixed_rows: 1,
      accepted_rows: 8,
      rejected_rows: 2,
    });

    const stored = await storedCustomer(admin.firmId, customerId);
    expect(stored).toMatchObject({ age: 41 });
    expect((await filesSupplying(ctx.database.db, admin.firmId)).get(customerId)).toEqual([fileId]);
    expect(stored!.priority_score).not.toBeNull();
    const counts = await countsOf(admin.headers, fileId);
    expect(counts).toMatchObject({ accepted: 8, rejected: 2 });
    expect(counts.problems.map((p) => p.row)).toEqual([6, 9]);
    expect((await pageOf(admin.headers, fileId)).rows.map((r) => r.row)).toEqual([6, 9]);

    const report = await get(admin.headers, `/api/content/file-report/${fileId}`);
    expect(report.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(report.body.trim()).data;
    expect(rows[0]![0]).toBe('row');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['6', '9']);

    // Every rejected row fixed: nothing left to list, the report is its header.
    const rest = await Promise.all([
      corrected(admin.headers, fileId, 6, { risk_profile: '7' }),
      corrected(admin.headers, fileId, 9, {
        cash_pct: '20',
        etf_pct: '30',
        single_stock_pct: '10',
      }),
    ]);
    const last = await postFixes(admin.headers, fileId, { rows: rest });
    expect(last.json()).toMatchObject({ fixed_rows: 2, accepted_rows: 10, rejected_rows: 0 });
    expect((await pageOf(admin.headers, fileId)).rows).toEqual([]);
    expect((await get(admin.headers, '/api/content/list-customers?limit=100')).statusCode).not.toBe(
      500,
    );
    const audit = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'subject_id'])
      .where('firm_id', '=', admin.firmId)
      .where('action', '=', 'file.rows_fixed')
      .execute();
    expect(audit).toEqual([
      { action: 'file.rows_fixed', subject_id: fileId },
      { action: 'file.rows_fixed', subject_id: fileId },
    ]);
  });

  it("add what they changed to the file's change summary and history", async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const summary = async () =>
      (await get(admin.headers, `/api/content/file-changes/${fileId}`)).json<{
        new_customers: number;
        items: { customer_id: string; change: string }[];
      }>();
    // The firm's first file: its 7 customers are new.
    expect(await summary()).toMatchObject({ new_customers: 7 });
    const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
    expect((await postFixes(admin.headers, fileId, { rows: [fix] })).statusCode).toBe(200);
    const after = await summary();
    expect(after.new_customers).toBe(8);
    expect(after.items).toContainEqual(
      expect.objectContaining({ customer_id: records[1]!.customer_id, change: 'new' }),
    );
  });

  it('are deleted with their file, as the rows it imported', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
    expect((await postFixes(admin.headers, fileId, { rows: [fix] })).statusCode).toBe(200);
    const deleted = await get(admin.headers, `/api/content/delete-file/${fileId}`);
    expect(deleted.json()).toMatchObject({ removed_customers: 8 });
  });

  it('that are still invalid come back with their problems, and nothing is imported', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const good = await corrected(admin.headers, fileId, 3, { age: '41' });
    const bad = await corrected(admin.headers, fileId, 6, { risk_profile: 'high', age: '' });
    const res = await postFixes(admin.headers, fileId, { rows: [good, bad] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'rows_still_invalid',
      message: FIX_MESSAGES.stillInvalid,
      problems: [
        { row: 6, column: 'age', value: '', reason: 'is required' },
        expect.objectContaining({ row: 6, column: 'risk_profile', value: 'high' }),
      ],
      errors: [
        { path: 'rows.1.values.age', msg: 'Row 6: age is required' },
        expect.objectContaining({ path: 'rows.1.values.risk_profile' }),
      ],
    });
    expect(await countsOf(admin.headers, fileId)).toMatchObject({ accepted: 7, rejected: 3 });
    expect(await storedCustomer(admin.firmId, records[1]!.customer_id)).toBeUndefined();
  });

  it('are validated as an upload: two fixed rows with one customer_id', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const one = await corrected(admin.headers, fileId, 3, { age: '41', customer_id: 'C-NEW' });
    const two = await corrected(admin.headers, fileId, 6, {
      risk_profile: '4',
      customer_id: 'C-NEW',
    });
    const res = await postFixes(admin.headers, fileId, { rows: [one, two] });
    expect(res.json()).toMatchObject({
      code: 'rows_still_invalid',
      problems: [
        expect.objectContaining({
          row: 6,
          column: 'customer_id',
          reason: 'duplicate customer_id (first seen on row 3)',
        }),
      ],
    });
  });

  it.each([
    [
      'an unknown column',
      (v: object) => ({ rows: [{ row: 3, values: { ...v, colour: 'red' } }] }),
      'colour is not one of our columns',
    ],
    [
      'a row that was not rejected',
      (v: object) => ({ rows: [{ row: 2, values: v }] }),
      `Row 2 ${FIX_MESSAGES.notRejected}`,
    ],
    [
      'a row sent twice',
      (v: object) => ({
        rows: [
          { row: 3, values: v },
          { row: 3, values: v },
        ],
      }),
      'Row 3 is sent twice',
    ],
  ])('refuses %s with 400 naming it', async (_name, body, message) => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const { values } = await corrected(admin.headers, fileId, 3, { age: '41' });
    const res = await postFixes(admin.headers, fileId, body(values));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect(await countsOf(admin.headers, fileId)).toMatchObject({ accepted: 7, rejected: 3 });
  });

  it.each([
    ['no rows', { rows: [] }],
    ['no body', undefined],
    ['a row number that is not a number', { rows: [{ row: 'three', values: {} }] }],
    ['values that are not text', { rows: [{ row: 3, values: { age: 41 } }] }],
  ])('refuses %s as a bad request', async (_name, payload) => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/content/file-fixes/${fileId}`,
      headers: admin.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a bad page with 400', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    expect((await fixes(admin.headers, fileId, '?limit=0')).statusCode).toBe(400);
    expect((await fixes(admin.headers, fileId, '?limit=101')).statusCode).toBe(400);
    expect((await fixes(admin.headers, fileId, '?offset=-1')).statusCode).toBe(400);
  });

  it('of a file that did not complete cannot be fixed: 409', async () => {
    const admin = await adminOnPlan(ctx);
    const table = customerTable(generateCustomers(2, { seed: 4 }));
    setCell(table, 0, 'age', 'forty');
    setCell(table, 1, 'age', 'fifty');
    const res = await uploadFile(ctx, admin.headers, 'bad.csv', toCsvBuffer(table));
    const { file_id } = res.json<UploadResponse>();
    const listed = await fixes(admin.headers, file_id!);
    expect(listed.statusCode).toBe(409);
    expect(listed.json()).toEqual({
      message: FIX_MESSAGES.notCompleted,
      code: 'file_not_completed',
    });
    const fixed = await postFixes(admin.headers, file_id!, { rows: [{ row: 2, values: {} }] });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json()).toMatchObject({ code: 'file_not_completed' });
  });

  it('of another firm, or of no file, are not found: 404', async () => {
    const admin = await adminOnPlan(ctx);
    const other = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
    for (const id of [fileId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await fixes(other.headers, id)).statusCode).toBe(404);
      expect((await postFixes(other.headers, id, { rows: [fix] })).statusCode).toBe(404);
    }
    expect(await countsOf(admin.headers, fileId)).toMatchObject({ accepted: 7, rejected: 3 });
  });

  it.each(['rm', 'head', 'compliance', 'view'] as const)(
    'are the admin’s to fix: %s gets 403',
    async (role) => {
      const admin = await adminOnPlan(ctx, 'pro');
      const fileId = await fileWithRejectedRows(admin);
      const employee = await employeeOf(ctx, admin, role);
      const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
      const listed = await fixes(employee.headers, fileId);
      expect(listed.statusCode).toBe(403);
      expect(listed.json()).toMatchObject({ message: 'Only the firm admin can do this.' });
      expect((await postFixes(employee.headers, fileId, { rows: [fix] })).statusCode).toBe(403);
      expect(await countsOf(admin.headers, fileId)).toMatchObject({ accepted: 7, rejected: 3 });
    },
  );

  it('need a signed-in user: 420 without a token', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    expect((await fixes({}, fileId)).statusCode).toBe(420);
    expect((await postFixes({}, fileId, { rows: [{ row: 3, values: {} }] })).statusCode).toBe(420);
  });

  it('fixed twice at once are counted once', async () => {
    const admin = await adminOnPlan(ctx);
    const fileId = await fileWithRejectedRows(admin);
    const fix = await corrected(admin.headers, fileId, 3, { age: '41' });
    const answers = await Promise.all([
      postFixes(admin.headers, fileId, { rows: [fix] }),
      postFixes(admin.headers, fileId, { rows: [fix] }),
      postFixes(admin.headers, fileId, { rows: [fix] }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others saw it fixed: under the lock (409) or before it (400, no longer rejected).
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(['rows_already_fixed', 'bad_request']).toContain(a.json<{ code: string }>().code);
    expect(await countsOf(admin.headers, fileId)).toMatchObject({ accepted: 8, rejected: 2 });
    // The losers' load tables are gone with them.
    expect(await listLoadTables(ctx.database.db)).toEqual([]);
  });
});
