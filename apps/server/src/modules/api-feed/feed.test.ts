import {
  API_KEY_MESSAGES,
  FEED_MAX_CUSTOMERS,
  FREE_PLAN_UPLOAD_MESSAGE,
  MESSAGES,
  type FeedImportResponse,
  type ImportStatusResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../../test/api-keys.js';
import {
  csvOf,
  customerTable,
  generateCustomers,
  toXlsx,
} from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  uploadFile,
  type Admin,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { multipartFile } from '../../../test/multipart.js';

/** The customer feed (issue 19, item 5): API keys sending customers through the one import. */
let ctx: TestContext;
type Key = Awaited<ReturnType<typeof createApiKey>>;
let admin: Admin;
let key: Key;
let other: Admin;
let otherKey: Key;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  key = await createApiKey(ctx, admin, 'CRM nightly');
  other = await adminOnPlan(ctx, 'pro');
  otherKey = await createApiKey(ctx, other, 'CRM nightly');
}, 300_000);
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const customers = (count: number, seed = 1, firstId = 100_001) =>
  generateCustomers(count, { seed, firstId }).map((c) => ({ ...c }));
const sendJson = (headers: Headers, payload: unknown, extra: Headers = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: { ...headers, ...extra },
    payload: payload as object,
  });
const sendFile = (headers: Headers, filename: string, content: Buffer, extra: Headers = {}) => {
  const body = multipartFile(filename, content);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: { ...headers, ...body.headers, ...extra },
    payload: body.payload,
  });
};
const statusOf = (headers: Headers, importId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/imports/${importId}`, headers });
async function completed(headers: Headers, importId: string): Promise<ImportStatusResponse> {
  let status: ImportStatusResponse | undefined;
  await vi.waitFor(
    async () => {
      const res = await statusOf(headers, importId);
      expect(res.statusCode).toBe(200);
      status = res.json<ImportStatusResponse>();
      expect(status.job_status).not.toBe('processing');
    },
    { timeout: 30_000, interval: 100 },
  );
  return status!;
}
const filesOf = (firmId: string) =>
  setUpDb(ctx)
    .selectFrom('customer_files')
    .select(['id', 'source', 'api_key_id', 'status'])
    .where('firm_id', '=', firmId)
    .execute();
const insightsOf = (firmId: string, ids: string[]) =>
  setUpDb(ctx)
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (j) =>
      j.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    )
    .select(['c.customer_id', 'c.age', 'i.priority_score', 'i.urgency_level'])
    .where('c.firm_id', '=', firmId)
    .where('c.customer_id', 'in', ids)
    .orderBy('c.customer_id')
    .execute();

describe('JSON feed', () => {
  it('imports the valid customers through the import, with insights, and tells the rejected at once', async () => {
    const sent = customers(4, 11, 200_001);
    sent[3]!.age = 150 as never;
    const res = await sendJson(key.headers, { customers: sent });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<FeedImportResponse>();
    expect(body).toMatchObject({ accepted: 3, rejected: 1 });
    expect(body.problems).toEqual([
      expect.objectContaining({ row: 5, column: 'age', value: '150' }),
    ]);
    const status = await completed(key.headers, body.import_id);
    expect(status).toMatchObject({
      import_id: body.import_id,
      job_status: 'completed',
      accepted: 3,
      rejected: 1,
      total_rows: 4,
    });
    const rows = await insightsOf(
      admin.firmId,
      sent.map((c) => c.customer_id),
    );
    expect(rows.map((r) => r.customer_id)).toEqual(sent.slice(0, 3).map((c) => c.customer_id));
    expect(rows.map((r) => r.age)).toEqual(sent.slice(0, 3).map((c) => c.age));
    for (const row of rows) expect(row.priority_score).toEqual(expect.any(Number));
    const file = (await filesOf(admin.firmId)).find((f) => f.id === body.import_id);
    expect(file).toMatchObject({ source: 'api', api_key_id: key.key_id, status: 'completed' });
    const audit = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'actor_role', 'actor_email', 'actor_id'])
      .where('subject_id', '=', body.import_id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'file.uploaded',
      actor_role: 'api_key',
      actor_email: `API key "CRM nightly" (${key.prefix}…)`,
      actor_id: null,
    });
  });
});

describe('what a feed import changed', () => {
  it('answers at import-changes for the admin, as file-changes does for a file', async () => {
    const book = customers(3, 12, 210_001);
    const first = await sendJson(key.headers, { customers: book.slice(0, 2) });
    await completed(key.headers, first.json<FeedImportResponse>().import_id);
    const again = await sendJson(key.headers, { customers: book });
    const importId = again.json<FeedImportResponse>().import_id;
    await completed(key.headers, importId);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/import-changes/${importId}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ new_customers: 1, updated: 0, unchanged: 2, removed: 0 });
    expect(res.json().items).toEqual([
      expect.objectContaining({ customer_id: book[2]!.customer_id, change: 'new' }),
    ]);
    // Another firm's admin, and the key itself, cannot read it.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/import-changes/${importId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const byKey = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/import-changes/${importId}`,
      headers: key.headers,
    });
    expect(byKey.statusCode).toBe(403);
  });
});

describe('file feed', () => {
  it('imports a CSV file sent as multipart, as the upload does', async () => {
    const res = await sendFile(key.headers, 'book.csv', csvOf(5, {}, {}, 21));
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<FeedImportResponse>();
    const status = await completed(key.headers, body.import_id);
    expect(status).toMatchObject({ job_status: 'completed', accepted: 5, rejected: 0 });
    const file = (await filesOf(admin.firmId)).find((f) => f.id === body.import_id);
    expect(file).toMatchObject({ source: 'api', api_key_id: key.key_id });
  });

  it('imports an Excel file, with insights for every customer', async () => {
    const sent = generateCustomers(3, { seed: 31, firstId: 300_001 });
    const xlsx = await toXlsx(customerTable(sent));
    const res = await sendFile(key.headers, 'book.xlsx', xlsx);
    expect(res.statusCode, res.body).toBe(202);
    const status = await completed(key.headers, res.json<FeedImportResponse>().import_id);
    expect(status).toMatchObject({ job_status: 'completed', accepted: 3 });
    const rows = await insightsOf(
      admin.firmId,
      sent.map((c) => c.customer_id),
    );
    expect(rows).toHaveLength(3);
  });

  it('refuses a file that is no customers file, as the upload does', async () => {
    const res = await sendFile(key.headers, 'notes.txt', Buffer.from('hello'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_file_type' });
    const headerless = await sendFile(key.headers, 'crm.csv', Buffer.from('Client,Age\nA,3\n'));
    expect(headerless.statusCode, headerless.body).toBe(422);
    expect(headerless.json()).toMatchObject({ code: 'upload_failed' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first import, and imports once', async () => {
    const payload = { customers: customers(2, 41, 400_001) };
    const idem = { 'idempotency-key': 'retry-1' };
    const before = (await filesOf(admin.firmId)).length;
    const first = await sendJson(key.headers, payload, idem);
    const again = await sendJson(key.headers, payload, idem);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const a = first.json<FeedImportResponse>();
    const b = again.json<FeedImportResponse>();
    expect(b).toMatchObject({
      import_id: a.import_id,
      accepted: a.accepted,
      rejected: a.rejected,
      problems: a.problems,
    });
    expect((await filesOf(admin.firmId)).length).toBe(before + 1);
  });

  it('imports once when two identical requests race', async () => {
    const payload = { customers: customers(3, 43, 410_001) };
    const idem = { 'idempotency-key': 'race-1' };
    const before = (await filesOf(admin.firmId)).length;
    const answers = await Promise.all([
      sendJson(key.headers, payload, idem),
      sendJson(key.headers, payload, idem),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(202);
    const ids = answers.map((res) => res.json<FeedImportResponse>().import_id);
    expect(ids[0]).toBe(ids[1]);
    expect((await filesOf(admin.firmId)).length).toBe(before + 1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
  });

  it('imports once when two identical files race', async () => {
    const csv = csvOf(3, {}, {}, 45);
    const idem = { 'idempotency-key': 'race-file-1' };
    const before = (await filesOf(admin.firmId)).length;
    const answers = await Promise.all([
      sendFile(key.headers, 'same.csv', csv, idem),
      sendFile(key.headers, 'same.csv', csv, idem),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(202);
    const ids = answers.map((res) => res.json<FeedImportResponse>().import_id);
    expect(ids[0]).toBe(ids[1]);
    expect((await filesOf(admin.firmId)).length).toBe(before + 1);
  });

  it('refuses the same key with another request (422) and imports nothing', async () => {
    const idem = { 'idempotency-key': 'reused-1' };
    const first = await sendJson(key.headers, { customers: customers(1, 47, 420_001) }, idem);
    expect(first.statusCode).toBe(202);
    const before = (await filesOf(admin.firmId)).length;
    const changed = await sendJson(key.headers, { customers: customers(2, 47, 420_001) }, idem);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: API_KEY_MESSAGES.idempotencyKeyReused,
    });
    const asFile = await sendFile(key.headers, 'x.csv', csvOf(1, {}, {}, 47), idem);
    expect(asFile.statusCode).toBe(422);
    expect((await filesOf(admin.firmId)).length).toBe(before);
  });

  it('keeps each firm’s keys apart: another firm may use the same Idempotency-Key', async () => {
    const idem = { 'idempotency-key': 'shared-name' };
    const payload = { customers: customers(1, 49, 430_001) };
    const ours = await sendJson(key.headers, payload, idem);
    const theirs = await sendJson(otherKey.headers, payload, idem);
    expect(ours.statusCode).toBe(202);
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json<FeedImportResponse>().import_id).not.toBe(
      ours.json<FeedImportResponse>().import_id,
    );
  });

  it('refuses an over-long Idempotency-Key', async () => {
    const res = await sendJson(
      key.headers,
      { customers: customers(1) },
      { 'idempotency-key': 'k'.repeat(256) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('bad bodies', () => {
  const noNewFile = async (send: () => Promise<{ statusCode: number }>) => {
    const before = (await filesOf(admin.firmId)).length;
    const res = await send();
    expect((await filesOf(admin.firmId)).length).toBe(before);
    return res as Awaited<ReturnType<typeof sendJson>>;
  };

  it('answers 400 with the row problems when no customer is valid, and stores nothing', async () => {
    const sent = customers(2, 51, 500_001);
    sent[0]!.age = -1 as never;
    sent[1]!.country_iso = 'Narnia';
    const res = await noNewFile(() => sendJson(key.headers, { customers: sent }));
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      code: string;
      message: string;
      problems: { row: number; column: string }[];
      errors: { path: string; msg: string }[];
    }>();
    expect(body).toMatchObject({ code: 'no_valid_rows', message: API_KEY_MESSAGES.noValidRows });
    expect(body.problems.map((p) => [p.row, p.column])).toEqual([
      [2, 'age'],
      [3, 'country_iso'],
    ]);
    expect(body.errors.map((e) => e.path)).toEqual(['customers.0.age', 'customers.1.country_iso']);
  });

  it('answers 400 for a body that is not the feed’s shape', async () => {
    for (const payload of [
      {},
      { customers: [] },
      { customers: 'all of them' },
      { customers: [{ ...customers(1)[0], nickname: 'Al' }] },
      { customers: [{ age: 40 }] },
      { customers: customers(1), extra: true },
    ]) {
      const res = await noNewFile(() => sendJson(key.headers, payload));
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers 400 for JSON that does not parse, and for no body', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { ...key.headers, 'content-type': 'application/json' },
      payload: '{"customers": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid_json', message: MESSAGES.invalidJson });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: key.headers,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: API_KEY_MESSAGES.notMultipartOrJson });
  });

  it(`refuses more than ${FEED_MAX_CUSTOMERS} customers with a clear message`, async () => {
    const one = customers(1, 53)[0]!;
    const many = Array.from({ length: FEED_MAX_CUSTOMERS + 1 }, (_, i) => ({
      ...one,
      customer_id: `M-${i}`,
    }));
    const res = await noNewFile(() => sendJson(key.headers, { customers: many }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: API_KEY_MESSAGES.tooManyCustomers });
  }, 60_000);

  it('takes 10,000 customers in one request', async () => {
    const many = generateCustomers(FEED_MAX_CUSTOMERS, { seed: 55, idPrefix: 'BIG-' });
    const res = await sendJson(key.headers, { customers: many });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(202);
    expect(res.json<FeedImportResponse>()).toMatchObject({
      accepted: FEED_MAX_CUSTOMERS,
      rejected: 0,
    });
    await completed(key.headers, res.json<FeedImportResponse>().import_id);
  }, 120_000);

  it('answers 413 for a body over the limit, before reading it', async () => {
    const res = await noNewFile(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/customers',
        headers: { ...key.headers, 'content-type': 'application/json' },
        payload: `{"customers":[${'"x",'.repeat(9_000_000)}"x"]}`,
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  }, 60_000);
});

describe('what a key may do', () => {
  it('is refused (403) on every route but the feed, the routes employees call included', async () => {
    for (const [method, url] of [
      ['GET', '/api/content/list-customers'],
      ['GET', '/api/content/customer/C-100001'],
      ['GET', '/api/content/list-all-uploaded-files'],
      ['GET', '/api/auth/check-user'],
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['GET', '/api/audit/events'],
      ['GET', '/api/content/rm-own-book'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: key.headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({
        code: 'api_key_not_allowed',
        message: API_KEY_MESSAGES.keyOnlyFeed,
      });
    }
    const upload = multipartFile('c.csv', csvOf(1));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload-file',
      headers: { ...key.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 420 for an unknown or revoked key, wherever it calls', async () => {
    const revoked = await createApiKey(ctx, admin, 'to revoke');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/keys/${revoked.key_id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    const unknown = { authorization: `Bearer bhv_${'A'.repeat(43)}` };
    for (const headers of [revoked.headers, unknown]) {
      for (const send of [
        () => sendJson(headers, { customers: customers(1) }),
        () => sendFile(headers, 'c.csv', csvOf(1)),
        () => statusOf(headers, '00000000-0000-0000-0000-000000000000'),
        () => ctx.app.inject({ method: 'GET', url: '/api/content/list-customers', headers }),
      ]) {
        const res = await send();
        expect(res.statusCode).toBe(420);
        expect(res.json()).toMatchObject({
          code: 'invalid_api_key',
          message: API_KEY_MESSAGES.invalidKey,
        });
      }
    }
  });

  it('takes only an API key: a signed-in employee gets 403, no token 420', async () => {
    const rm = await employeeOf(ctx, admin, 'rm');
    for (const headers of [admin.headers, rm.headers]) {
      const res = await sendJson(headers, { customers: customers(1) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'api_key_required',
        message: API_KEY_MESSAGES.keyRequired,
      });
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      payload: { customers: customers(1) },
    });
    expect(anonymous.statusCode).toBe(420);
  });

  it('reads only its own firm’s feed imports: another firm’s or an uploaded file is 404', async () => {
    const ours = await sendJson(key.headers, { customers: customers(1, 61, 610_001) });
    const importId = ours.json<FeedImportResponse>().import_id;
    expect((await statusOf(key.headers, importId)).statusCode).toBe(200);
    const foreign = await statusOf(otherKey.headers, importId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: API_KEY_MESSAGES.importNotFound });
    const uploaded = await importCustomers(ctx, admin, csvOf(2, {}, {}, 63));
    expect((await statusOf(key.headers, uploaded)).statusCode).toBe(404);
    expect((await statusOf(key.headers, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('records when the key was last used', async () => {
    const fresh = await createApiKey(ctx, admin, 'usage');
    const unused = await setUpDb(ctx)
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', fresh.key_id)
      .executeTakeFirstOrThrow();
    expect(unused.last_used_at).toBeNull();
    await statusOf(fresh.headers, '00000000-0000-0000-0000-000000000000');
    const used = await setUpDb(ctx)
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', fresh.key_id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).toBeInstanceOf(Date);
  });
});

describe('plans', () => {
  it('a free firm’s feed is its one file; a retry of that import still answers it', async () => {
    const free = await adminOnPlan(ctx, 'free');
    const freeKey = await createApiKey(ctx, free, 'free feed');
    const idem = { 'idempotency-key': 'free-1' };
    const payload = { customers: customers(2, 71, 710_001) };
    const first = await sendJson(freeKey.headers, payload, idem);
    expect(first.statusCode, first.body).toBe(202);
    const retry = await sendJson(freeKey.headers, payload, idem);
    expect(retry.statusCode).toBe(202);
    expect(retry.json<FeedImportResponse>().import_id).toBe(
      first.json<FeedImportResponse>().import_id,
    );
    for (const send of [
      () => sendJson(freeKey.headers, { customers: customers(1, 73, 720_001) }),
      () => sendFile(freeKey.headers, 'more.csv', csvOf(1, {}, {}, 75)),
      () => uploadFile(ctx, free.headers, 'more.csv', csvOf(1, {}, {}, 77)),
    ]) {
      const res = await send();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'upload_limit_reached',
        message: FREE_PLAN_UPLOAD_MESSAGE,
      });
    }
    expect((await filesOf(free.firmId)).length).toBe(1);
  });

  it('a paid firm’s feed has no file limit', async () => {
    const before = (await filesOf(admin.firmId)).length;
    for (const seed of [81, 82, 83]) {
      const res = await sendJson(key.headers, { customers: customers(1, seed, 800_000 + seed) });
      expect(res.statusCode).toBe(202);
    }
    expect((await filesOf(admin.firmId)).length).toBe(before + 3);
  });
});

describe('rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' });
  }, 120_000);
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the key’s calls a minute, for that key only', async () => {
    const firm = await adminOnPlan(limited, 'pro');
    const first = await createApiKey(limited, firm, 'one');
    const second = await createApiKey(limited, firm, 'two');
    const poll = (headers: Headers) =>
      limited.app.inject({
        method: 'GET',
        url: '/api/v1/imports/00000000-0000-0000-0000-000000000000',
        headers,
      });
    const { startWellInsideAMinuteWindow } = await import('../../../test/rate-limit-window.js');
    await startWellInsideAMinuteWindow(20);
    for (let i = 0; i < 3; i++) expect((await poll(first.headers)).statusCode).toBe(404);
    const over = await poll(first.headers);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: API_KEY_MESSAGES.rateLimited });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await poll(second.headers)).statusCode).toBe(404);
  });
});
