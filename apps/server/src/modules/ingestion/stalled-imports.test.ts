import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { stalledImports } from './ingestion.repository.js';

/**
 * Which imports another worker may take over (docs/ingestion.md, "Recovering killed imports").
 * A million-row re-import's final transaction can hold its file's row longer than the stale
 * limit, and its heartbeat waits for that row meanwhile.
 */
let handle: DatabaseHandle;
let firmId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  firmId = randomUUID();
  await handle.db
    .insertInto('firms')
    .values({ id: firmId, name: 'Acme', business_name: 'Acme Ltd', employee_count: 5 })
    .execute();
});
afterAll(() => handle.close());

/** A file being imported whose last heartbeat was `secondsAgo` seconds ago. */
async function processingFile(secondsAgo: number): Promise<string> {
  const id = randomUUID();
  await handle.db
    .insertInto('customer_files')
    .values({
      id,
      firm_id: firmId,
      filename: 'book.csv',
      file_size: 1,
      format: 'csv',
      storage_key: id,
      total_columns: 28,
      columns_info: '[]',
      preview_rows: '[]',
      status: 'processing',
      import_job_id: randomUUID(),
      heartbeat_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})`,
    })
    .execute();
  return id;
}

const stalledIds = async () => (await stalledImports(handle.db, 30)).map((f) => f.id);

describe('stalled imports', () => {
  it('are the files being imported whose heartbeat is older than the limit', async () => {
    const stale = await processingFile(120);
    const alive = await processingFile(5);
    const ids = await stalledIds();
    expect(ids).toContain(stale);
    expect(ids).not.toContain(alive);
  });

  // Two connections are needed: PGlite has one (and serves one process, which knows its own
  // running imports).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leave out a file whose row its final transaction holds, however old its heartbeat',
    async () => {
      const merging = await processingFile(120);
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('customer_files')
          .select('id')
          .where('firm_id', '=', firmId)
          .where('id', '=', merging)
          .forUpdate()
          .execute();
        expect(await stalledIds()).not.toContain(merging);
      });
      expect(await stalledIds()).toContain(merging);
    },
  );
});
