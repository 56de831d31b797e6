import type { ListMappingsResponse, NeedsMappingResponse } from '@behavio/contract';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { adminOnPlan, employeeOf, uploadFile, setUpDb } from '../../../../test/firms.js';
import { toCsvBuffer } from '../../../../test/fixtures/customer-files.js';
import { crmExport } from '../../../../test/fixtures/renamed-exports.js';
import { WAITING_FILE_MAX_DAYS } from './pending.js';

/** Files waiting for their column mapping: cancelled, swept, and the audit of saved mappings. */

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

async function waitingFile(admin: { headers: Headers }, seed = 1) {
  const res = await uploadFile(
    ctx,
    admin.headers,
    'crm.csv',
    toCsvBuffer(crmExport(4, seed).table),
  );
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<NeedsMappingResponse>();
  expect(answer.status).toBe('needs_mapping');
  return answer;
}

const pendingRow = (fileId: string) =>
  setUpDb(ctx)
    .selectFrom('pending_files')
    .select('storage_key')
    .where('id', '=', fileId)
    .executeTakeFirst();

const auditOf = (firmId: string, action: string) =>
  setUpDb(ctx)
    .selectFrom('audit_events')
    .select([
      'action',
      'subject_type',
      'subject_id',
      'actor_role',
      'actor_email',
      'before',
      'after',
    ])
    .where('firm_id', '=', firmId)
    .where('action', '=', action)
    .execute();

describe('a file waiting for its mapping', () => {
  it('is cancelled by delete-file, with its upload, and the cancellation is audited', async () => {
    const admin = await adminOnPlan(ctx);
    const answer = await waitingFile(admin);
    const { storage_key } = (await pendingRow(answer.file_id))!;

    const res = await get(admin.headers, `/api/content/delete-file/${answer.file_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'File deleted',
      file_id: answer.file_id,
      removed_customers: 0,
    });
    expect(await pendingRow(answer.file_id)).toBeUndefined();
    expect(existsSync(ctx.services.storage.uploadPath(storage_key))).toBe(false);
    expect(
      (await confirm(admin.headers, answer.file_id, { mapping: suggested(answer) })).statusCode,
    ).toBe(404);
    expect(await auditOf(admin.firmId, 'file.deleted')).toEqual([
      expect.objectContaining({
        subject_type: 'file',
        subject_id: answer.file_id,
        actor_role: 'admin',
        before: { filename: 'crm.csv', waiting_for_mapping: true },
      }),
    ]);
    // Gone: a second cancel finds nothing.
    expect(
      (await get(admin.headers, `/api/content/delete-file/${answer.file_id}`)).statusCode,
    ).toBe(404);
  });

  it('of another firm is not found, and an RM cannot cancel one: it keeps waiting', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const other = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'rm');
    const answer = await waitingFile(admin);
    expect(
      (await get(other.headers, `/api/content/delete-file/${answer.file_id}`)).statusCode,
    ).toBe(404);
    expect((await get(rm.headers, `/api/content/delete-file/${answer.file_id}`)).statusCode).toBe(
      403,
    );
    expect(await pendingRow(answer.file_id)).toBeDefined();
  });

  it(`is swept with its upload after ${WAITING_FILE_MAX_DAYS} days, in the firm's audit log`, async () => {
    const admin = await adminOnPlan(ctx);
    const old = await waitingFile(admin, 2);
    const fresh = await waitingFile(admin, 3);
    const { storage_key } = (await pendingRow(old.file_id))!;
    await setUpDb(ctx)
      .updateTable('pending_files')
      .set({ created_at: sql`now() - make_interval(days => ${WAITING_FILE_MAX_DAYS}, hours => 1)` })
      .where('id', '=', old.file_id)
      .execute();

    expect(await ctx.services.ingestion.sweepWaitingFiles()).toBe(1);
    expect(await pendingRow(old.file_id)).toBeUndefined();
    expect(existsSync(ctx.services.storage.uploadPath(storage_key))).toBe(false);
    expect(await pendingRow(fresh.file_id)).toBeDefined();
    expect(await auditOf(admin.firmId, 'file.deleted')).toEqual([
      expect.objectContaining({
        subject_id: old.file_id,
        actor_role: 'system',
        actor_email: 'nightly-sweep',
        before: expect.objectContaining({ filename: 'crm.csv', waiting_for_mapping: true }),
      }),
    ]);
    expect(
      (await confirm(admin.headers, fresh.file_id, { mapping: suggested(fresh) })).statusCode,
    ).toBe(201);
  });
});

describe('saved mappings', () => {
  it('are audited when saved and when forgotten; one not saved is not', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const unsaved = await waitingFile(admin, 4);
    const once = await confirm(admin.headers, unsaved.file_id, {
      mapping: suggested(unsaved),
      save: false,
    });
    expect(once.statusCode, once.body).toBe(201);
    expect(await auditOf(admin.firmId, 'mapping.saved')).toEqual([]);

    const answer = await waitingFile(admin, 5);
    const mapping = suggested(answer);
    expect((await confirm(admin.headers, answer.file_id, { mapping })).statusCode).toBe(201);
    const { mappings } = (
      await get(admin.headers, '/api/content/mappings')
    ).json<ListMappingsResponse>();
    const saved = mappings[0]!;
    expect(await auditOf(admin.firmId, 'mapping.saved')).toEqual([
      expect.objectContaining({
        subject_type: 'column_mapping',
        subject_id: saved.mapping_id,
        actor_role: 'admin',
        after: { headers: saved.headers, mapping, file_id: answer.file_id },
      }),
    ]);

    const forgotten = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/content/mappings/${saved.mapping_id}`,
      headers: admin.headers,
    });
    expect(forgotten.statusCode).toBe(200);
    expect(await auditOf(admin.firmId, 'mapping.forgotten')).toEqual([
      expect.objectContaining({
        subject_id: saved.mapping_id,
        before: { headers: saved.headers, mapping: saved.mapping },
      }),
    ]);
  });
});
