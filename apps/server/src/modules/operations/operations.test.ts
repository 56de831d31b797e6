import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, uploadFile } from '../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';

const METRICS_TOKEN = 'metrics-token-0123456789';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('health probes', () => {
  it('answers live and ready without a token', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    // PUBLIC_URL is http here: no HSTS, or a plain-http install would lock browsers out.
    expect(live.headers['strict-transport-security']).toBeUndefined();
    expect(live.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      message: 'Ready',
      checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
    });
  });

  it('is not ready, naming the part, when a migration is missing or the queue is stopped', async () => {
    const last = await ctx.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', (last as { name: string }).name as never)
      .execute();
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        message: 'Not ready: migrations',
        checks: { database: 'ok', migrations: 'failed', queue: 'ok' },
      });
    } finally {
      await ctx.database.db
        .insertInto('kysely_migration' as never)
        .values({ ...(last as object), timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers unknown API paths, health ones included, with a JSON 404 and never the app', async () => {
    for (const url of ['/api/health', '/api/health/nope', '/api/healthz']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});

describe('metrics', () => {
  it('refuses a missing or wrong token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
    ];
    for (const headers of attempts) {
      const res = await get('/api/metrics', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid or expired token', code: 'unauthorized' });
    }
  });

  it('counts requests by route and status, and import files and rows by outcome', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const table = customerTable(generateCustomers(5, { seed: 7 }));
    setCell(table, 1, 'age', 'not a number');
    const uploaded = await uploadFile(ctx, admin.headers, 'customers.csv', toCsvBuffer(table));
    expect(uploaded.statusCode).toBe(201);
    await get('/api/health/live');

    const res = await get('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /behavio_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /behavio_http_request_duration_seconds_count\{method="POST",route="\/api\/content\/upload-file",status="201"\} 1/,
    );
    expect(text).toContain('behavio_import_files{outcome="completed"} 1');
    expect(text).toContain('behavio_import_files{outcome="failed"} 0');
    expect(text).toContain('behavio_import_rows{outcome="accepted"} 4');
    expect(text).toContain('behavio_import_rows{outcome="rejected"} 1');
    expect(text).toMatch(/behavio_queue_waiting_jobs\{queue="import-customer-file"\} 0/);
    expect(text).toContain('process_cpu_user_seconds_total');
    if (ctx.database.kind === 'postgres')
      expect(text).toMatch(/behavio_db_pool_connections\{state="total"\} \d+/);
  });
});
