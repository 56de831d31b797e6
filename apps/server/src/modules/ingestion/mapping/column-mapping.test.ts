import {
  FREE_PLAN_UPLOAD_MESSAGE,
  MAPPABLE_COLUMNS,
  type ListMappingsResponse,
  type NeedsMappingResponse,
  type UploadResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { adminOnPlan, employeeOf, uploadFile, setUpDb } from '../../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
  toXlsx,
} from '../../../../test/fixtures/customer-files.js';
import {
  CRM_HEADERS,
  crmExport,
  encoded,
  shuffled,
} from '../../../../test/fixtures/renamed-exports.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => ctx.app.inject({ method: 'GET', url, headers });
const confirm = (headers: Headers, fileId: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/content/file-mapping/${fileId}`, headers, payload });
const suggested = (answer: NeedsMappingResponse) =>
  Object.fromEntries(
    answer.mapping_suggestions.filter((s) => s.header !== null).map((s) => [s.column, s.header!]),
  );
const noOfFileUploads = async (headers: Headers) =>
  (await get(headers, '/api/auth/check-user')).json<{ user: { noOfFileUploads: number } }>().user
    .noOfFileUploads;
const filesOf = async (headers: Headers) =>
  (await get(headers, '/api/content/list-all-uploaded-files')).json<{ files: unknown[] }>().files;

/** The firm's stored customers, by id, with the columns the records carry. */
async function storedCustomers(firmId: string) {
  const rows = await setUpDb(ctx)
    .selectFrom('customers')
    .select([...MAPPABLE_COLUMNS])
    .where('firm_id', '=', firmId)
    .orderBy('customer_id')
    .execute();
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && k !== 'customer_id' && k !== 'country_iso' ? Number(v) : v,
      ]),
    ),
  );
}

/** An admin whose CRM export waits for its mapping: the upload's answer. */
async function pendingCrmExport(admin: { headers: Headers }, file: Buffer, filename = 'crm.csv') {
  const res = await uploadFile(ctx, admin.headers, filename, file);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<NeedsMappingResponse>();
  expect(answer.status).toBe('needs_mapping');
  return answer;
}

describe('a file whose headers are renamed', () => {
  it('waits for its mapping, uncounted, with a suggestion for every column', async () => {
    const admin = await adminOnPlan(ctx);
    const { table } = crmExport(12);
    const answer = await pendingCrmExport(admin, toCsvBuffer(table));
    expect(answer).toMatchObject({
      job_status: 'needs_mapping',
      file_id: expect.any(String),
      filename: 'crm.csv',
      encoding: 'utf-8',
      delimiter: ',',
      unmatched_headers: [],
    });
    expect(answer.mapping_suggestions.map((s) => s.column)).toEqual([...MAPPABLE_COLUMNS]);
    expect(suggested(answer)).toEqual(CRM_HEADERS);
    expect(answer.headers.map((h) => h.header)).toEqual(table.header);
    expect(answer.headers[0]!.samples).toHaveLength(5);
    // Not yet a file: the list and check-user do not see it.
    expect(await filesOf(admin.headers)).toEqual([]);
    expect(await noOfFileUploads(admin.headers)).toBe(0);
  });

  it('imports every customer with the right values once the suggested mapping is confirmed', async () => {
    const admin = await adminOnPlan(ctx);
    const { records, table } = crmExport(30);
    const answer = await pendingCrmExport(admin, toCsvBuffer(table));
    const res = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadResponse>();
    expect(body).toMatchObject({ status: 'completed', file_id: answer.file_id });
    expect(body.preview).toMatchObject({ accepted_rows: 30, rejected_rows: 0 });
    expect(body.preview.reading).toEqual({
      encoding: 'utf-8',
      delimiter: ',',
      mapping: CRM_HEADERS,
      mapping_source: 'confirmed',
    });
    const expected = [...records].sort((a, b) => a.customer_id.localeCompare(b.customer_id));
    expect(await storedCustomers(admin.firmId)).toEqual(expected);
    expect(await noOfFileUploads(admin.headers)).toBe(1);
    expect(await filesOf(admin.headers)).toHaveLength(1);
    // Saved unless told not to.
    const listed = (await get(admin.headers, '/api/content/mappings')).json<ListMappingsResponse>();
    expect(listed.mappings.map((m) => m.mapping)).toEqual([CRM_HEADERS]);
    // Confirmed once: the same file cannot be confirmed again.
    const again = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(again.statusCode).toBe(404);
  });

  it('remembers a saved mapping: the next file with the same headers, in any order, needs none', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const first = crmExport(10, 1);
    const answer = await pendingCrmExport(admin, toCsvBuffer(first.table));
    const saved = await confirm(admin.headers, answer.file_id, {
      mapping: suggested(answer),
      save: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const second = crmExport(8, 99);
    const reordered = shuffled(second.table, 12345);
    const res = await uploadFile(ctx, admin.headers, 'crm-2.xlsx', await toXlsx(reordered));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadResponse>();
    expect(body.status).toBe('completed');
    expect(body.preview.reading).toMatchObject({
      encoding: null,
      delimiter: null,
      mapping_source: 'saved',
      mapping: CRM_HEADERS,
    });
    expect(body.preview.accepted_rows).toBe(8);

    const listed = (await get(admin.headers, '/api/content/mappings')).json<ListMappingsResponse>();
    expect(listed.mappings).toHaveLength(1);
    expect(listed.mappings[0]!.mapping).toEqual(CRM_HEADERS);

    // Forgotten: the next such file asks again.
    const mappingId = listed.mappings[0]!.mapping_id;
    const forget = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/content/mappings/${mappingId}`,
      headers: admin.headers,
    });
    expect(forget.statusCode, forget.body).toBe(200);
    await pendingCrmExport(admin, toCsvBuffer(crmExport(3, 7).table));
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/content/mappings/${mappingId}`,
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('reads Windows-1252 and UTF-16 exports and says so', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    for (const encoding of ['windows-1252', 'utf-16le'] as const) {
      const records = generateCustomers(6, { seed: encoding.length, optional: true });
      const rename = { ...CRM_HEADERS, country_iso: 'Pays de résidence', age: 'Âge' };
      const table = customerTable(records, { optional: true, rename });
      const answer = await pendingCrmExport(
        admin,
        encoded(table, encoding, { delimiter: ';' }),
        `${encoding}.csv`,
      );
      expect(answer).toMatchObject({ encoding, delimiter: ';' });
      expect(answer.headers.map((h) => h.header)).toContain('Pays de résidence');
      const mapping = { ...suggested(answer), country_iso: 'Pays de résidence', age: 'Âge' };
      // Not saved: the second encoding, with the same headers, must ask again.
      const res = await confirm(admin.headers, answer.file_id, { mapping, save: false });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<UploadResponse>();
      expect(body.preview).toMatchObject({ accepted_rows: 6, rejected_rows: 0 });
      expect(body.preview.reading).toMatchObject({ encoding, delimiter: ';' });
    }
  });

  it('asks for the mapping of a spreadsheet too, read by the same worker', async () => {
    const admin = await adminOnPlan(ctx);
    const { records, table } = crmExport(7, 11);
    const res = await uploadFile(ctx, admin.headers, 'crm.xlsx', await toXlsx(table));
    const answer = res.json<NeedsMappingResponse>();
    expect(answer).toMatchObject({ status: 'needs_mapping', encoding: null, delimiter: null });
    expect(suggested(answer)).toEqual(CRM_HEADERS);
    const confirmed = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await storedCustomers(admin.firmId)).toEqual(
      [...records].sort((a, b) => a.customer_id.localeCompare(b.customer_id)),
    );
  });

  it('suggests three-letter codes as the country whatever the header says', async () => {
    const admin = await adminOnPlan(ctx);
    const table = customerTable(generateCustomers(5, { seed: 3 }), {
      rename: { country_iso: 'Zone' },
    });
    const answer = await pendingCrmExport(admin, toCsvBuffer(table));
    expect(answer.mapping_suggestions.find((s) => s.column === 'country_iso')).toMatchObject({
      header: 'Zone',
    });
  });
});

describe('POST /api/content/file-mapping/{file_id} refuses bad mappings', () => {
  let admin: Awaited<ReturnType<typeof adminOnPlan>>;
  let answer: NeedsMappingResponse;
  beforeAll(async () => {
    admin = await adminOnPlan(ctx);
    answer = await pendingCrmExport(admin, toCsvBuffer(crmExport(4).table));
  });
  const refused = async (payload: object, status: number, text?: string) => {
    const res = await confirm(admin.headers, answer.file_id, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (text) expect(res.json().message).toContain(text);
    return res;
  };

  it('a required column left without a header, naming it', async () => {
    const { risk_profile: _, ...mapping } = suggested(answer);
    const res = await refused({ mapping }, 400, 'risk_profile');
    expect(res.json()).toMatchObject({ code: 'invalid_mapping' });
  });
  it('a header the file does not have, naming it', async () => {
    await refused({ mapping: { ...suggested(answer), age: 'Birthday' } }, 400, 'Birthday');
  });
  it('one header for two columns, naming it', async () => {
    await refused({ mapping: { ...suggested(answer), etf_pct: 'Cash (%)' } }, 400, 'Cash (%)');
  });
  it('a column we do not know', async () => {
    await refused(
      { mapping: { ...suggested(answer), favourite_colour: 'Leverage' } },
      400,
      'favourite_colour',
    );
  });
  it('a body without a mapping, or not an object', async () => {
    await refused({}, 400);
    await refused({ mapping: ['Client Ref'] }, 400);
    await refused({ mapping: suggested(answer), save: 'yes' }, 400);
  });
  it("another firm's file, an unknown id or a malformed one: 404", async () => {
    const other = await adminOnPlan(ctx);
    const res = await confirm(other.headers, answer.file_id, { mapping: suggested(answer) });
    expect(res.statusCode).toBe(404);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await confirm(admin.headers, id, { mapping: suggested(answer) })).statusCode).toBe(
        404,
      );
    }
  });
  it('an employee who is not the admin: 403', async () => {
    const rm = await employeeOf(ctx, admin, 'rm');
    const res = await confirm(rm.headers, answer.file_id, { mapping: suggested(answer) });
    expect(res.statusCode).toBe(403);
  });
  it('still imports after the refusals, nothing written before', async () => {
    expect(await filesOf(admin.headers)).toEqual([]);
    const res = await confirm(admin.headers, answer.file_id, {
      mapping: suggested(answer),
      save: false,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  it("forgets only the firm's own mappings", async () => {
    const other = await adminOnPlan(ctx, 'pro');
    const mine = await pendingCrmExport(other, toCsvBuffer(crmExport(3).table));
    await confirm(other.headers, mine.file_id, { mapping: suggested(mine), save: true });
    const [saved] = (await get(other.headers, '/api/content/mappings')).json<ListMappingsResponse>()
      .mappings;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/content/mappings/${saved!.mapping_id}`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(admin.headers, '/api/content/mappings')).json()).toEqual({ mappings: [] });
  });
});

describe("a mapped file's rejected-rows report", () => {
  it('names our columns, so corrected it uploads back with no mapping and the fixed rows import', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const { records, table } = crmExport(10, 5);
    const ageColumn = table.header.indexOf(CRM_HEADERS.age!);
    table.rows[2]![ageColumn] = 'unknown';
    const answer = await pendingCrmExport(admin, toCsvBuffer(table));
    const imported = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(imported.json<UploadResponse>().preview).toMatchObject({
      accepted_rows: 9,
      rejected_rows: 1,
    });

    const report = await get(admin.headers, `/api/content/file-report/${answer.file_id}`);
    expect(report.statusCode).toBe(200);
    const [header, line] = report.body.trim().split('\r\n');
    expect(header!.split(',').slice(1, -1).sort()).toEqual([...MAPPABLE_COLUMNS].sort());
    const corrected = line!.replace(',unknown,', `,${records[2]!.age},`);
    const res = await uploadFile(ctx, admin.headers, 'fixed.csv', `${header}\r\n${corrected}\r\n`);
    expect(res.statusCode, res.body).toBe(201);
    const fixed = res.json<UploadResponse>();
    expect(fixed.status).toBe('completed');
    expect(fixed.preview).toMatchObject({ accepted_rows: 1, rejected_rows: 0 });
    expect(fixed.preview.reading?.mapping_source).toBe('headers');
    expect(await storedCustomers(admin.firmId)).toEqual(
      [...records].sort((a, b) => a.customer_id.localeCompare(b.customer_id)),
    );
  });
});

describe('the free plan', () => {
  it('does not count a file waiting for its mapping; once another file is in, confirming is refused and it keeps waiting', async () => {
    const admin = await adminOnPlan(ctx);
    const answer = await pendingCrmExport(admin, toCsvBuffer(crmExport(4).table));
    const other = await uploadFile(
      ctx,
      admin.headers,
      'ours.csv',
      toCsvBuffer(customerTable(generateCustomers(3))),
    );
    expect(other.statusCode, other.body).toBe(201);
    const refused = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: FREE_PLAN_UPLOAD_MESSAGE,
      code: 'upload_limit_reached',
    });
    expect(await filesOf(admin.headers)).toHaveLength(1);
    // Still waiting: once the firm deletes its file, the confirmation goes through.
    const { file_id } = other.json<UploadResponse>();
    expect((await get(admin.headers, `/api/content/delete-file/${file_id}`)).statusCode).toBe(200);
    const res = await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) });
    expect(res.statusCode, res.body).toBe(201);
  });
});
