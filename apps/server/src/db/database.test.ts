import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './database.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
});
afterAll(() => handle.close());

describe('the connection to a PostgreSQL server', () => {
  // A JIT compilation per batch made the recommendations run six times slower (database.ts).
  it.skipIf(!process.env.TEST_DATABASE_URL)('runs statements without JIT compilation', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(handle.db);
    expect(rows[0]?.jit).toBe('off');
  });
});
