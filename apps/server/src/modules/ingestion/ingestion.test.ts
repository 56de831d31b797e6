import {
  FREE_PLAN_UPLOAD_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MESSAGES,
  type ListFilesResponse,
  type UploadResponse,
} from '@behavio/contract';
import { rm } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, employeeOf, uploadFile, setUpDb } from '../../../test/firms.js';
import { filesSupplying } from '../../../test/supplying-files.js';
import {
  csvOf,
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
  toXlsx,
} from '../../../test/fixtures/customer-files.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const upload = (headers: Record<string, string>, filename: string, content: Buffer | string) =>
  uploadFile(ctx, headers, filename, content);
const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers });
const countCustomers = async (firmId: string) =>
  Number(
    (
      await setUpDb(ctx)
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The stored cash_pct of the firm's customers with these ids, by customer id. */
const storedCashByCustomer = async (firmId: string, ids: string[]) =>
  Object.fromEntries(
    (
      await setUpDb(ctx)
        .selectFrom('customers')
        .select(['customer_id', 'cash_pct'])
        .where('firm_id', '=', firmId)
        .where('customer_id', 'in', ids)
        .execute()
    ).map((c) => [c.customer_id, Number(c.cash_pct)]),
  );
const noOfFileUploads = async (headers: Record<string, string>) =>
  (await get(headers, '/api/auth/check-user')).json<{ user: { noOfFileUploads: number } }>().user
    .noOfFileUploads;
/** The customer ids that have stored insights, in order. */
const insightsOf = async (firmId: string) =>
  (
    await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select('customer_id')
      .where('firm_id', '=', firmId)
      .orderBy('customer_id')
      .execute()
  ).map((r) => r.customer_id);

describe('POST /api/content/upload-file', () => {
  it('imports a valid CSV, stores customers with their insights, and counts the upload', async () => {
    const admin = await adminOnPlan(ctx);
    const res = await upload(
      admin.headers,
      'customers.csv',
      csvOf(40, { delimiter: ';', bom: true, newline: '\r\n' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResponse>();
    expect(body).toMatchObject({
      status: 'completed',
      job_status: 'completed',
      file_id: expect.any(String),
    });
    expect(body.preview).toMatchObject({
      filename: 'customers.csv',
      total_rows: 40,
      accepted_rows: 40,
      rejected_rows: 0,
      total_columns: 28,
      problems: [],
    });
    expect(body.preview.preview_rows).toHaveLength(10);
    expect(body.preview.preview_rows[0]).toMatchObject({
      customer_id: 'C-100001',
      age: expect.any(Number),
    });
    expect(body.preview.columns_info.map((c) => c.name)).toContain('max_drawdown_pct');

    expect(await countCustomers(admin.firmId)).toBe(40);
    const insights = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select(['model_version', 'priority_score', 'segment', 'recommended_action'])
      .where('firm_id', '=', admin.firmId)
      .execute();
    expect(insights).toHaveLength(40);
    for (const i of insights) {
      expect(i.priority_score).toBeGreaterThanOrEqual(0);
      expect(i.priority_score).toBeLessThanOrEqual(10);
      expect(i.recommended_action.length).toBeGreaterThan(10);
    }
    expect(await noOfFileUploads(admin.headers)).toBe(1);
  });

  it('imports an .xlsx file', async () => {
    const admin = await adminOnPlan(ctx);
    const xlsx = await toXlsx(customerTable(generateCustomers(25, { seed: 7 })));
    const res = await upload(admin.headers, 'Customers.XLSX', xlsx);
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResponse>().preview).toMatchObject({ total_rows: 25, accepted_rows: 25 });
    expect(await countCustomers(admin.firmId)).toBe(25);
  });

  it('imports a Windows-1252 CSV (Excel on Windows) with its accented letters intact', async () => {
    const admin = await adminOnPlan(ctx);
    const records = generateCustomers(12, { seed: 11 });
    records[3]!.customer_id = 'JOSÉ-Ñ-3';
    const csv = Buffer.from(toCsvBuffer(customerTable(records)).toString('utf8'), 'latin1');
    const res = await upload(admin.headers, 'export.csv', csv);
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResponse>().preview).toMatchObject({
      accepted_rows: 12,
      rejected_rows: 0,
    });
    expect(await storedCashByCustomer(admin.firmId, ['JOSÉ-Ñ-3'])).toEqual({
      'JOSÉ-Ñ-3': records[3]!.cash_pct,
    });
  });

  it('imports an export with every quirk at once, counting and reporting exactly its bad row', async () => {
    const admin = await adminOnPlan(ctx);
    const records = generateCustomers(30, { seed: 13 });
    records[0]!.customer_id = 'MÜLLER-1';
    const table = customerTable(records, {
      rename: {
        customer_id: 'Customer ID',
        cash_pct: 'Cash-Pct',
        single_stock_pct: ' SINGLE STOCK PCT ',
      },
    });
    setCell(table, 1, 'Cash-Pct', `${String(records[1]!.cash_pct).replace('.', ',')} %`);
    setCell(table, 4, 'risk_profile', 'high');
    const body = toCsvBuffer(table, { delimiter: ';', decimalComma: true, newline: '\r\n' })
      .toString('utf8')
      .replace('\r\n', '\r\n\r\n'); // a blank line after the header
    const text = `sep=;\r\nCustomer book, exported 2026-11-01\r\n${body}`;
    const res = await upload(admin.headers, 'book.csv', Buffer.from(text, 'latin1'));
    expect(res.statusCode).toBe(201);
    const preview = res.json<UploadResponse>().preview;
    expect(preview).toMatchObject({ total_rows: 30, accepted_rows: 29, rejected_rows: 1 });
    // Spreadsheet rows: the title is row 1, the header row 2, a blank row 3, the fifth customer row 8.
    expect(preview.problems).toEqual([
      {
        row: 8,
        column: 'risk_profile',
        value: 'high',
        reason: 'must be a number between 1 and 10',
      },
    ]);
    const ids = ['MÜLLER-1', records[1]!.customer_id];
    expect(await storedCashByCustomer(admin.firmId, ids)).toEqual({
      'MÜLLER-1': records[0]!.cash_pct,
      [records[1]!.customer_id]: records[1]!.cash_pct,
    });
  });

  it('imports the valid rows, rejects the bad ones with reasons, and reports them as safe CSV', async () => {
    const admin = await adminOnPlan(ctx);
    const table = customerTable(generateCustomers(20, { seed: 3 }));
    setCell(table, 2, 'age', 'forty');
    setCell(table, 5, 'risk_profile', 11);
    setCell(table, 5, 'customer_id', '=HYPERLINK("http://evil")');
    setCell(table, 9, 'customer_id', 'C-100001');
    const res = await upload(admin.headers, 'mixed.csv', toCsvBuffer(table));
    expect(res.statusCode).toBe(201);
    const { preview, file_id } = res.json<UploadResponse>();
    expect(preview).toMatchObject({ total_rows: 20, accepted_rows: 17, rejected_rows: 3 });
    expect(preview.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, column: 'age', value: 'forty' }),
        expect.objectContaining({ row: 7, column: 'risk_profile', value: '11' }),
        expect.objectContaining({
          row: 11,
          column: 'customer_id',
          reason: expect.stringContaining('duplicate'),
        }),
      ]),
    );
    expect(await countCustomers(admin.firmId)).toBe(17);

    const report = await get(admin.headers, `/api/content/file-report/${file_id}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('mixed-rejected-rows.csv');
    const rows = Papa.parse<string[]>(report.body.trim()).data;
    expect(rows[0]![0]).toBe('row');
    expect(rows[0]!.at(-1)).toBe('reason');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['4', '7', '11']);
    expect(report.body).toContain(`'=HYPERLINK`);
    expect(rows[2]!.at(-1)).toContain('risk_profile');
  });

  it('answers an error, not a header-only report, when the rejected rows cannot be read', async () => {
    const admin = await adminOnPlan(ctx);
    const table = customerTable(generateCustomers(5));
    setCell(table, 2, 'age', 'forty');
    const res = await upload(admin.headers, 'lost.csv', toCsvBuffer(table));
    const { file_id, preview } = res.json<UploadResponse>();
    expect(preview.rejected_rows).toBe(1);
    const { storage_key } = await setUpDb(ctx)
      .selectFrom('customer_files')
      .select('storage_key')
      .where('id', '=', file_id!)
      .executeTakeFirstOrThrow();
    await rm(ctx.services.storage.reportPath(storage_key));

    const report = await get(admin.headers, `/api/content/file-report/${file_id}`);
    expect(report.statusCode).toBe(500);
    expect(report.json()).toEqual({
      message:
        'The rejected-rows report of this file cannot be read. Please upload the file again.',
      code: 'internal',
    });
  });

  it('takes its own rejected-rows report back: negative numbers stay numbers, the fixed rows import', async () => {
    // Pro: the fixed report is the firm's second file.
    const admin = await adminOnPlan(ctx, 'pro');
    const table = customerTable(generateCustomers(12, { seed: 8 }));
    setCell(table, 1, 'age', 'forty');
    setCell(table, 1, 'max_drawdown_pct', -38.1);
    setCell(table, 4, 'customer_id', '=HYPERLINK("http://evil")');
    setCell(table, 4, 'risk_profile', 11);
    setCell(table, 6, 'customer_id', 'C-100001');
    const first = await upload(admin.headers, 'messy.csv', toCsvBuffer(table));
    expect(first.json<UploadResponse>().preview).toMatchObject({ rejected_rows: 3 });
    const { file_id } = first.json<UploadResponse>();

    const report = await get(admin.headers, `/api/content/file-report/${file_id}`);
    expect(report.body).not.toContain(`'-`);
    const rows = Papa.parse<string[]>(report.body.trim()).data;
    const header = rows[0]!;
    const col = (column: string) => header.indexOf(column);
    const [ageRow, formulaRow, duplicateRow] = rows.slice(1);
    expect(ageRow![col('max_drawdown_pct')]).toBe('-38.1');
    expect(formulaRow![col('customer_id')]).toBe(`'=HYPERLINK("http://evil")`);
    // The user fixes the flagged cells in a text editor (so the escape quote stays) and uploads.
    ageRow![col('age')] = '40';
    formulaRow![col('risk_profile')] = '6';
    duplicateRow![col('customer_id')] = 'C-900001';
    const fixed = Papa.unparse(rows, { newline: '\r\n' });

    const again = await upload(admin.headers, 'messy-rejected-rows.csv', fixed);
    expect(again.statusCode).toBe(201);
    expect(again.json<UploadResponse>().preview).toMatchObject({
      total_rows: 3,
      accepted_rows: 3,
      rejected_rows: 0,
    });
    const stored = await setUpDb(ctx)
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', 'in', ['=HYPERLINK("http://evil")', 'C-900001'])
      .orderBy('customer_id')
      .execute();
    expect(stored.map((c) => c.customer_id)).toEqual(['=HYPERLINK("http://evil")', 'C-900001']);
    expect(await countCustomers(admin.firmId)).toBe(12);
  });

  it('fails a file that lacks required columns, naming each, and stores nothing', async () => {
    const admin = await adminOnPlan(ctx);
    const res = await upload(
      admin.headers,
      'partial.csv',
      csvOf(5, {}, { omit: ['age', 'leverage_ratio'] }),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json<UploadResponse & { message: string }>();
    expect(body.status).toBe('failed');
    expect(body.preview.error).toContain('age');
    expect(body.preview.error).toContain('leverage_ratio');
    expect(body.message).toBe(body.preview.error);
    expect(res.json<{ code: string }>().code).toBe('upload_failed');
    // product-rules: API calls: upload errors are read from `error`.
    expect(res.json<{ error: string }>().error).toBe(body.message);
    expect(await countCustomers(admin.firmId)).toBe(0);
    expect(await noOfFileUploads(admin.headers)).toBe(0);
    expect(
      (await get(admin.headers, '/api/content/list-all-uploaded-files')).json<ListFilesResponse>()
        .files,
    ).toEqual([]);
  });

  it('fails a file with no valid row, keeps it listed as failed, and does not use up the free upload', async () => {
    const admin = await adminOnPlan(ctx);
    const table = customerTable(generateCustomers(3));
    for (let i = 0; i < 3; i++) setCell(table, i, 'country_iso', 'United Kingdom');
    const res = await upload(admin.headers, 'bad.csv', toCsvBuffer(table));
    expect(res.statusCode).toBe(422);
    expect(res.json<UploadResponse>()).toMatchObject({
      status: 'failed',
      preview: { accepted_rows: 0, rejected_rows: 3 },
    });
    const files = (
      await get(admin.headers, '/api/content/list-all-uploaded-files')
    ).json<ListFilesResponse>().files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      job_status: 'failed',
      error: expect.stringContaining('No row'),
    });
    expect(await noOfFileUploads(admin.headers)).toBe(0);
    expect((await upload(admin.headers, 'good.csv', csvOf(2))).statusCode).toBe(201);
  });

  it.each([
    ['notes.txt', 'customer_id\nC-1\n'],
    ['customers.xlsx', 'customer_id,country_iso\nC-1,GBR\n'],
    ['customers.csv', Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x00, 0x89, 0x50, 0x4e, 0x47])],
    ['customers', 'customer_id\n'],
  ])('refuses %s as an invalid file type', async (name, content) => {
    const admin = await adminOnPlan(ctx);
    const res = await upload(admin.headers, name, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: INVALID_FILE_TYPE_MESSAGE,
      code: 'invalid_file_type',
      error: INVALID_FILE_TYPE_MESSAGE,
    });
    expect(await noOfFileUploads(admin.headers)).toBe(0);
  });

  it.each([
    ['an empty file', '', 'The file is empty'],
    ['a header only', `${csvOf(1).toString().split('\n')[0]}\n`, 'The file has no customer rows'],
  ])('fails %s with a message', async (_what, content, message) => {
    const admin = await adminOnPlan(ctx);
    const res = await upload(admin.headers, 'x.csv', content);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'failed', message, preview: { error: message } });
  });

  it('allows one file on the free plan and any number on a paid plan', async () => {
    const free = await adminOnPlan(ctx);
    expect((await upload(free.headers, 'a.csv', csvOf(3))).statusCode).toBe(201);
    const second = await upload(free.headers, 'b.csv', csvOf(3, {}, {}, 2));
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message: FREE_PLAN_UPLOAD_MESSAGE,
      code: 'upload_limit_reached',
      error: FREE_PLAN_UPLOAD_MESSAGE,
    });
    expect(await noOfFileUploads(free.headers)).toBe(1);

    const pro = await adminOnPlan(ctx, 'pro');
    for (const name of ['a.csv', 'b.csv', 'c.csv'])
      expect((await upload(pro.headers, name, csvOf(3))).statusCode).toBe(201);
    expect(await noOfFileUploads(pro.headers)).toBe(3);
  });

  it('lets only one of two simultaneous uploads through on the free plan', async () => {
    const free = await adminOnPlan(ctx);
    const results = await Promise.all([
      upload(free.headers, 'a.csv', csvOf(3)),
      upload(free.headers, 'b.csv', csvOf(3)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });

  it('updates customers in place on a later file, keeping their RM', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    const rm = await employeeOf(ctx, admin);
    await upload(admin.headers, 'first.csv', csvOf(5));
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rm.id })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', 'C-100001')
      .execute();
    const changed = generateCustomers(5);
    changed[0] = { ...changed[0]!, age: 77 };
    const second = await upload(
      admin.headers,
      'second.csv',
      toCsvBuffer(customerTable([...changed, ...generateCustomers(2, { firstId: 200_000 })])),
    );
    expect(second.statusCode).toBe(201);
    expect(await countCustomers(admin.firmId)).toBe(7);
    const customer = await setUpDb(ctx)
      .selectFrom('customers')
      .select(['age', 'rm_id'])
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', 'C-100001')
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ age: 77, rm_id: rm.id });
    const supplying = await filesSupplying(ctx.database.db, admin.firmId);
    expect(supplying.get('C-100001')).toHaveLength(2);
  });

  it('answers 413 for a file over the size limit and stores nothing', async () => {
    const small = await createTestContext({ MAX_UPLOAD_MB: '1' });
    try {
      const admin = await adminOnPlan(small);
      const res = await uploadFile(small, admin.headers, 'big.csv', csvOf(12_000));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: 'The file is larger than the 1 MB limit.',
        code: 'file_too_large',
        error: 'The file is larger than the 1 MB limit.',
      });
      const files = await setUpDb(small).selectFrom('customer_files').select('id').execute();
      expect(files).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('fails a file over the row limit', async () => {
    const limited = await createTestContext({ MAX_UPLOAD_ROWS: '10' });
    try {
      const admin = await adminOnPlan(limited);
      const res = await uploadFile(limited, admin.headers, 'many.csv', csvOf(25));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/10/);
      expect(
        await setUpDb(limited).selectFrom('customers').select('customer_id').execute(),
      ).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('describes the file part and the error bodies in the OpenAPI description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const upload = doc.paths['/api/content/upload-file']!.post!;
    expect(upload.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    });
    const responses = upload.responses as Record<string, { content: Record<string, unknown> }>;
    expect(responses['400']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/UploadError' } },
    });
    expect(doc.components.schemas.UploadError).toMatchObject({
      required: expect.arrayContaining(['message', 'error']),
    });
  });

  it('refuses other roles, a missing token, a body that is not multipart and a part not named file', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const rm = await employeeOf(ctx, admin);
    expect((await upload(rm.headers, 'a.csv', csvOf(2))).statusCode).toBe(403);
    expect((await upload({}, 'a.csv', csvOf(2))).statusCode).toBe(420);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload-file',
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const res = await uploadFile(ctx, admin.headers, 'a.csv', csvOf(2), { field: 'document' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/file/);
    expect(res.json().error).toBe(res.json().message);
  });
});

describe('background import', () => {
  it('answers processing when the import takes longer, and a worker started later completes it', async () => {
    const queued = await createTestContext({ RUN_WORKER: 'false', UPLOAD_WAIT_MS: '0' });
    try {
      const admin = await adminOnPlan(queued);
      const res = await uploadFile(queued, admin.headers, 'later.csv', csvOf(30));
      expect(res.statusCode).toBe(201);
      expect(res.json<UploadResponse>()).toMatchObject({
        status: 'processing',
        job_status: 'processing',
        preview: { total_rows: null },
      });
      const { startWorkers } = await import('../../workers.js');
      await startWorkers(queued.services);
      const deadline = Date.now() + 20_000;
      let status = 'processing';
      while (status === 'processing' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        const list = await queued.app.inject({
          method: 'GET',
          url: '/api/content/list-all-uploaded-files',
          headers: admin.headers,
        });
        status = list.json<ListFilesResponse>().files[0]!.job_status;
      }
      expect(status).toBe('completed');
      const customers = await queued.database.db
        .selectFrom('customers')
        .select('customer_id')
        .where('firm_id', '=', admin.firmId)
        .execute();
      expect(customers).toHaveLength(30);
    } finally {
      await queued.close();
    }
  });
});

describe('file list, preview, report and delete', () => {
  it('lists, previews and deletes only the firm’s own files', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const other = await adminOnPlan(ctx, 'pro');
    const { file_id } = (await upload(admin.headers, 'mine.csv', csvOf(6))).json<UploadResponse>();

    const list = (
      await get(admin.headers, '/api/content/list-all-uploaded-files')
    ).json<ListFilesResponse>();
    expect(list.files).toEqual([
      expect.objectContaining({
        file_id,
        filename: 'mine.csv',
        job_status: 'completed',
        total_rows: 6,
        accepted_rows: 6,
        rejected_rows: 0,
      }),
    ]);
    expect(
      (await get(other.headers, '/api/content/list-all-uploaded-files')).json<ListFilesResponse>()
        .files,
    ).toEqual([]);

    const preview = await get(admin.headers, `/api/content/preview-file/${file_id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      file_id,
      job_status: 'completed',
      preview: { filename: 'mine.csv', total_rows: 6, total_columns: 28 },
    });
    // product-rules: Entities and fields File: each listed file carries its preview too.
    expect(list.files[0]!.preview).toEqual(preview.json<{ preview: unknown }>().preview);

    for (const url of [
      `/api/content/preview-file/${file_id}`,
      `/api/content/file-report/${file_id}`,
      `/api/content/delete-file/${file_id}`,
      '/api/content/preview-file/not-a-uuid',
      '/api/content/delete-file/00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await get(other.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found', code: 'not_found' });
    }
    expect(await countCustomers(admin.firmId)).toBe(6);

    const rm = await employeeOf(ctx, admin);
    expect((await get(rm.headers, `/api/content/delete-file/${file_id}`)).statusCode).toBe(403);
    expect((await get(rm.headers, `/api/content/preview-file/${file_id}`)).statusCode).toBe(200);

    const deleted = await get(admin.headers, `/api/content/delete-file/${file_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'File deleted', file_id, removed_customers: 6 });
    const events = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'actor_email'])
      .where('firm_id', '=', admin.firmId)
      .where('subject_type', '=', 'file')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { action: 'file.uploaded', subject_id: file_id, actor_email: admin.email },
      { action: 'file.deleted', subject_id: file_id, actor_email: admin.email },
    ]);
    expect(await countCustomers(admin.firmId)).toBe(0);
    expect(await insightsOf(admin.firmId)).toEqual([]);
    expect((await get(admin.headers, `/api/content/preview-file/${file_id}`)).statusCode).toBe(404);
  });

  it('keeps customers another file still supplies, and removes the latest file on request', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const first = (await upload(admin.headers, 'first.csv', csvOf(4))).json<UploadResponse>();
    const second = (
      await upload(admin.headers, 'second.csv', toCsvBuffer(customerTable(generateCustomers(6))))
    ).json<UploadResponse>();
    const latest = await get(admin.headers, '/api/content/remove-latest-uploaded-file');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ message: 'File deleted', removed_customers: 2 });
    expect(await countCustomers(admin.firmId)).toBe(4);
    // The survivors are supplied by the first file only, and keep their insights; the
    // removed customers' insights are gone with them.
    const survivors = await setUpDb(ctx)
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', admin.firmId)
      .orderBy('customer_id')
      .execute();
    const supplying = await filesSupplying(ctx.database.db, admin.firmId);
    expect(survivors.map((c) => supplying.get(c.customer_id))).toEqual(
      Array(4).fill([first.file_id]),
    );
    // The deleted file's chunks went with it.
    expect([...supplying.values()].flat()).not.toContain(second.file_id);
    expect(await insightsOf(admin.firmId)).toEqual(survivors.map((c) => c.customer_id));
    const files = (
      await get(admin.headers, '/api/content/list-all-uploaded-files')
    ).json<ListFilesResponse>().files;
    expect(files.map((f) => f.file_id)).toEqual([first.file_id]);
    await get(admin.headers, '/api/content/remove-latest-uploaded-file');
    const none = await get(admin.headers, '/api/content/remove-latest-uploaded-file');
    expect(none.statusCode).toBe(404);
  });

  it('gives a header-only report when no row was rejected', async () => {
    const admin = await adminOnPlan(ctx);
    const { file_id } = (await upload(admin.headers, 'clean.csv', csvOf(3))).json<UploadResponse>();
    const report = await get(admin.headers, `/api/content/file-report/${file_id}`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toBe('row,reason\r\n');
  });

  it('answers 420 without a token', async () => {
    const res = await get({}, '/api/content/list-all-uploaded-files');
    expect(res.statusCode).toBe(420);
    expect(res.json()).toEqual({ message: MESSAGES.invalidToken, code: 'invalid_token' });
  });
});
