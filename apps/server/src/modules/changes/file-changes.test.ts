import { FILE_CHANGES_MESSAGES, type FileChangesResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  customerIdsOf,
  employeeOf,
  importCustomers,
  type Admin,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * GET /api/content/file-changes/{file_id} (issue 19, item 2): who may read it, paging and bad
 * input. What the counts and items hold is import-changes.test.ts's subject.
 */
let ctx: TestContext;
let admin: Admin;
let fileId: string;
let foreignFileId: string;
let headersOf: Record<'admin' | 'rm' | 'head' | 'compliance' | 'view', Record<string, string>>;
let customers: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  // A free firm: the route is on every plan.
  admin = await adminOnPlan(ctx, 'free');
  fileId = await importCustomers(ctx, admin, csvOf(5));
  customers = await customerIdsOf(ctx, admin.firmId);
  headersOf = {
    admin: admin.headers,
    rm: (await employeeOf(ctx, admin, 'rm')).headers,
    head: (await employeeOf(ctx, admin, 'head')).headers,
    compliance: (await employeeOf(ctx, admin, 'compliance')).headers,
    view: (await employeeOf(ctx, admin, 'view')).headers,
  };
  const other = await adminOnPlan(ctx, 'pro');
  foreignFileId = await importCustomers(ctx, other, csvOf(3));
}, 300_000);
afterAll(() => ctx.close());

const read = (headers: Record<string, string>, id: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/content/file-changes/${id}${query}`, headers });

describe('GET /api/content/file-changes/{file_id}', () => {
  it.each(['admin', 'head', 'compliance'] as const)('answers the %s', async (role) => {
    const res = await read(headersOf[role], fileId);
    expect(res.statusCode).toBe(200);
    const body = res.json<FileChangesResponse>();
    expect(body).toMatchObject({
      file_id: fileId,
      new_customers: 5,
      updated: 0,
      unchanged: 0,
      removed: 0,
      total_items: 5,
    });
    expect(body.items.map((i) => i.customer_id)).toEqual(customers);
  });

  it.each(['rm', 'view'] as const)('refuses the %s (403)', async (role) => {
    const res = await read(headersOf[role], fileId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Only the firm admin, head and compliance can see what an import changed.',
    });
  });

  it('pages the customers by id', async () => {
    const body = (
      await read(admin.headers, fileId, '?limit=2&offset=2')
    ).json<FileChangesResponse>();
    expect(body.items.map((i) => i.customer_id)).toEqual(customers.slice(2, 4));
    expect(body.total_items).toBe(5);
  });

  it("answers 404 for another firm's file, an unknown one and an id that is no file id", async () => {
    for (const id of [foreignFileId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await read(headersOf.compliance, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: FILE_CHANGES_MESSAGES.notFound });
    }
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset must be a whole number from 0 to 100,000,000'],
    ['?offset=x', 'offset must be a whole number from 0 to 100,000,000'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await read(admin.headers, fileId, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'validation_failed' });
  });
});
