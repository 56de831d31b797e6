import { MESSAGES } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { RateLimiter, SLOW_DOWN_MAX_MS, SLOW_DOWN_STEP_MS } from './rate-limiter.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('RateLimiter', () => {
  it('counts hits per key and window, and answers 429 past the limit', async () => {
    const limiter = new RateLimiter(database.db);
    const now = new Date('2026-11-21T10:00:30Z');
    const rule = { key: 'login:ip:1.2.3.4', limit: 2, windowSeconds: 60 };
    await limiter.consume([rule], now);
    await limiter.consume([rule], now);
    await expect(limiter.consume([rule], now)).rejects.toMatchObject({
      statusCode: 429,
      message: MESSAGES.tooManyAttempts,
      headers: { 'retry-after': '30' },
    });
    await limiter.consume([rule], new Date('2026-11-21T10:01:01Z'));
  });

  it('prunes windows older than the cut-off only', async () => {
    const limiter = new RateLimiter(database.db);
    await limiter.consume(
      [{ key: 'old', limit: 5, windowSeconds: 60 }],
      new Date('2026-11-01T00:00:00Z'),
    );
    await limiter.consume(
      [{ key: 'new', limit: 5, windowSeconds: 60 }],
      new Date('2026-11-21T00:00:00Z'),
    );
    await limiter.prune(new Date('2026-11-20T00:00:00Z'));
    const keys = (await database.db.selectFrom('rate_limit_hits').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys).toContain('new');
    expect(keys).not.toContain('old');
  });
});

describe('RateLimiter.slowDown', () => {
  it('lets hits up to the limit through at once, then waits longer for each, up to a cap', async () => {
    const waits: number[] = [];
    const limiter = new RateLimiter(database.db, async (ms) => {
      waits.push(ms);
    });
    const now = new Date('2026-11-21T11:00:10Z');
    const rule = { key: 'login:account:admin:a@example.com', limit: 3, windowSeconds: 60 };
    const delays: number[] = [];
    for (let i = 0; i < 16; i++) delays.push(await limiter.slowDown(rule, now));
    expect(delays.slice(0, 3)).toEqual([0, 0, 0]);
    expect(delays.slice(3, 6)).toEqual([
      SLOW_DOWN_STEP_MS,
      2 * SLOW_DOWN_STEP_MS,
      3 * SLOW_DOWN_STEP_MS,
    ]);
    expect(Math.max(...delays)).toBe(SLOW_DOWN_MAX_MS);
    expect(waits).toEqual(delays.filter((d) => d > 0));
    // Never a refusal: the next window starts afresh.
    expect(await limiter.slowDown(rule, new Date('2026-11-21T11:01:00Z'))).toBe(0);
  });
});
