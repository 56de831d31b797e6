import { MESSAGES } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { RateLimiter } from './rate-limiter.js';

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
