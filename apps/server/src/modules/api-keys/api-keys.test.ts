import { createHash } from 'node:crypto';
import {
  API_KEY_DISPLAY_CHARS,
  API_KEY_MESSAGES,
  ROLES,
  type ApiKeysResponse,
  type Role,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.js';
import { adminOnPlan, employeeOf, type Admin, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/** The admin's API keys (issue 19, item 5): created once, listed without secrets, revoked. */
let ctx: TestContext;
let admin: Admin;
let other: Admin;
const headersOf: Partial<Record<Role, Record<string, string>>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  other = await adminOnPlan(ctx, 'free');
  headersOf.admin = admin.headers;
  for (const role of ['rm', 'head', 'compliance', 'view'] as const)
    headersOf[role] = (await employeeOf(ctx, admin, role)).headers;
}, 300_000);
afterAll(() => ctx.close());

const list = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/keys', headers });
const revoke = (headers: Record<string, string>, keyId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/keys/${keyId}`, headers });
const auditOf = (subjectId: string) =>
  setUpDb(ctx)
    .selectFrom('audit_events')
    .select(['action', 'actor_email', 'before', 'after'])
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .execute();

describe('creating a key', () => {
  it('answers the secret once and keeps only its SHA-256 and prefix', async () => {
    const created = await createApiKey(ctx, admin, '  Core banking  ');
    expect(created).toMatchObject({ name: 'Core banking', message: API_KEY_MESSAGES.created });
    expect(created.key).toMatch(/^bhv_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, API_KEY_DISPLAY_CHARS));
    const row = await setUpDb(ctx)
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.key_id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(await auditOf(created.key_id)).toEqual([
      expect.objectContaining({
        action: 'api_key.created',
        actor_email: admin.email,
        after: { name: 'Core banking', prefix: created.prefix },
      }),
    ]);
  });

  it('makes a different key each time', async () => {
    const a = await createApiKey(ctx, admin);
    const b = await createApiKey(ctx, admin);
    expect(a.key).not.toBe(b.key);
  });

  it('refuses a missing, blank or over-long name (400) and a name an active key has (409)', async () => {
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const first = await createApiKey(ctx, admin, 'Data warehouse');
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: admin.headers,
      payload: { name: 'data warehouse' },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'api_key_name_taken',
      message: API_KEY_MESSAGES.nameTaken,
    });
    // Once revoked, its name is free again.
    expect((await revoke(admin.headers, first.key_id)).statusCode).toBe(200);
    await createApiKey(ctx, admin, 'Data warehouse');
  });
});

describe('listing keys', () => {
  it('shows name, prefix, creator, last use and revocation, never a secret', async () => {
    const created = await createApiKey(ctx, admin, 'Listed');
    const res = await list(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(created.key);
    expect(res.body).not.toContain('key_hash');
    const listed = res.json<ApiKeysResponse>().keys.find((k) => k.key_id === created.key_id);
    expect(listed).toEqual({
      key_id: created.key_id,
      name: 'Listed',
      prefix: created.prefix,
      created_at: created.created_at,
      created_by: { user_id: expect.any(String), name: admin.name, email: admin.email },
      last_used_at: null,
      revoked_at: null,
    });
    // Newest first.
    expect(res.json<ApiKeysResponse>().keys[0]!.key_id).toBe(created.key_id);
  });

  it('lists only the firm’s own keys', async () => {
    const theirs = await createApiKey(ctx, other, 'Theirs');
    const ours = await list(admin.headers);
    expect(ours.body).not.toContain(theirs.key_id);
    const mine = await list(other.headers);
    expect(mine.json<ApiKeysResponse>().keys.map((k) => k.key_id)).toEqual([theirs.key_id]);
  });
});

describe('revoking a key', () => {
  it('revokes at once: the key answers 420 from its next request, and the list says so', async () => {
    const created = await createApiKey(ctx, admin, 'Short-lived');
    const poll = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/imports/00000000-0000-0000-0000-000000000000',
        headers: created.headers,
      });
    expect((await poll()).statusCode).toBe(404);
    const res = await revoke(admin.headers, created.key_id);
    expect(res.statusCode).toBe(200);
    const { revoked_at } = res.json<{ revoked_at: string }>();
    expect((await poll()).statusCode).toBe(420);
    const listed = (await list(admin.headers))
      .json<ApiKeysResponse>()
      .keys.find((k) => k.key_id === created.key_id);
    expect(listed?.revoked_at).toBe(revoked_at);
    expect(listed?.last_used_at).not.toBeNull();
    // Again: the same answer, and one audit event.
    const again = await revoke(admin.headers, created.key_id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ revoked_at });
    expect((await auditOf(created.key_id)).map((e) => e.action)).toEqual([
      'api_key.created',
      'api_key.revoked',
    ]);
  });

  it('answers 404 for another firm’s key, which stays active, and for an id that is no key', async () => {
    const theirs = await createApiKey(ctx, other, 'Not yours');
    const res = await revoke(admin.headers, theirs.key_id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: API_KEY_MESSAGES.notFound });
    const row = await setUpDb(ctx)
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', theirs.key_id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid'])
      expect((await revoke(admin.headers, id)).statusCode).toBe(404);
  });
});

describe('who may manage keys', () => {
  it('only the admin: every other role 403, no token 420', async () => {
    const created = await createApiKey(ctx, admin, 'Guarded');
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const headers = headersOf[role]!;
      for (const res of [
        await ctx.app.inject({
          method: 'POST',
          url: '/api/keys',
          headers,
          payload: { name: 'mine' },
        }),
        await list(headers),
        await revoke(headers, created.key_id),
      ]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'role_forbidden',
          message: API_KEY_MESSAGES.adminOnly,
        });
      }
    }
    for (const [method, url] of [
      ['POST', '/api/keys'],
      ['GET', '/api/keys'],
      ['DELETE', `/api/keys/${created.key_id}`],
    ] as const)
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(420);
    const row = await setUpDb(ctx)
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', created.key_id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it('the admin of a free firm too: keys are not a paid feature', async () => {
    const res = await list(other.headers);
    expect(res.statusCode).toBe(200);
  });
});
