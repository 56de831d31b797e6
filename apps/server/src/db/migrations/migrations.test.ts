import { randomUUID } from 'node:crypto';
import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { migrations } from './index.js';

/**
 * Migrations on data, not only on an empty database: 0006 moves the file links into
 * `customers.supplied_by` and back, and every migration can be undone and redone.
 */
let handle: DatabaseHandle;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
let db: Kysely<any>;
let migrator: Migrator;

beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  db = handle.db;
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
});
afterAll(() => handle.close());

async function migrateTo(target: string | typeof NO_MIGRATIONS) {
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

const tableExists = async (name: string) =>
  (await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db)).rows[0]
    ?.t !== null;

describe('migrations', () => {
  it('0006 moves each customer’s file links into supplied_by, and back on the way down', async () => {
    await migrateTo('0005_customer_list_index');
    const firmId = randomUUID();
    await db.insertInto('firms').values({ id: firmId, name: 'Acme', employee_count: 5 }).execute();
    const [f1, f2] = [randomUUID(), randomUUID()].sort();
    for (const id of [f1!, f2!]) {
      await db
        .insertInto('customer_files')
        .values({
          id,
          firm_id: firmId,
          filename: `${id}.csv`,
          file_size: 1,
          format: 'csv',
          storage_key: id,
          total_columns: 28,
          columns_info: '[]',
          preview_rows: '[]',
        })
        .execute();
    }
    const records = generateCustomers(3, { firstId: 1 });
    await db
      .insertInto('customers')
      .values(records.map((r) => ({ ...r, firm_id: firmId })))
      .execute();
    const [c1, c2, c3] = records.map((r) => r.customer_id);
    await db
      .insertInto('customer_file_links')
      .values([
        { firm_id: firmId, customer_id: c1, file_id: f2 },
        { firm_id: firmId, customer_id: c1, file_id: f1 },
        { firm_id: firmId, customer_id: c2, file_id: f1 },
      ])
      .execute();

    await migrateTo('0006_customer_supplied_by');
    const supplied = await db
      .selectFrom('customers')
      .select(['customer_id', 'supplied_by'])
      .orderBy('customer_id')
      .execute();
    expect(supplied).toEqual([
      { customer_id: c1, supplied_by: [f1, f2] },
      { customer_id: c2, supplied_by: [f1] },
      { customer_id: c3, supplied_by: [] },
    ]);
    expect(await tableExists('customer_file_links')).toBe(false);

    await migrateTo('0005_customer_list_index');
    const links = await db
      .selectFrom('customer_file_links')
      .select(['customer_id', 'file_id'])
      .orderBy('customer_id')
      .orderBy('file_id')
      .execute();
    expect(links).toEqual([
      { customer_id: c1, file_id: f1 },
      { customer_id: c1, file_id: f2 },
      { customer_id: c2, file_id: f1 },
    ]);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'customers'
    `.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('supplied_by');
  });

  it('undoes every migration and applies them all again', async () => {
    await migrateTo(NO_MIGRATIONS);
    for (const table of ['firms', 'customers', 'customer_list_index', 'subscriptions'])
      expect(await tableExists(table), table).toBe(false);
    await migrateTo(Object.keys(migrations).at(-1)!);
    for (const table of ['firms', 'customers', 'customer_list_index', 'subscriptions'])
      expect(await tableExists(table), table).toBe(true);
  });
});
