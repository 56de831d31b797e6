import { randomUUID } from 'node:crypto';
import { BIAS_NAMES, DEFAULT_SHELF } from '@behavio/contract';
import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { withoutFirmScope } from '../firm-scope.js';
import { migrations } from './index.js';

/**
 * Migrations on data, not only on an empty database: 0006 moves the file links into
 * `customers.supplied_by` and back, 0009 moves customers and insights into per-firm partitions
 * and back, 0026 moves `supplied_by` into chunks of ids per file and back, and every migration
 * can be undone and redone.
 */
let handle: DatabaseHandle;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
let db: Kysely<any>;
let migrator: Migrator;

beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  // Migrations and their tests change every firm's rows (firm-scope.ts).
  db = withoutFirmScope(handle.db, 'migrations change every firm’s rows');
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
});
afterAll(() => handle.close());

async function migrateTo(target: string | typeof NO_MIGRATIONS) {
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** A firm with two customer files, `f1`'s id sorting before `f2`'s (columns as of 0005 on). */
async function firmWithTwoFiles() {
  const firmId = randomUUID();
  await db.insertInto('firms').values({ id: firmId, name: 'Acme', employee_count: 5 }).execute();
  const [f1, f2] = [randomUUID(), randomUUID()].sort() as [string, string];
  for (const id of [f1, f2]) {
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
  return { firmId, f1, f2 };
}

const tableExists = async (name: string) =>
  (await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db)).rows[0]
    ?.t !== null;

describe('migrations', () => {
  it('0006 moves each customer’s file links into supplied_by, and back on the way down', async () => {
    await migrateTo('0005_customer_list_index');
    const { firmId, f1, f2 } = await firmWithTwoFiles();
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

  it('0009 moves each firm’s customers and insights into partitions of their own, and back', async () => {
    await migrateTo('0008_firm_data_versions');
    const firms = [randomUUID(), randomUUID()];
    for (const id of firms)
      await db.insertInto('firms').values({ id, name: 'Firm', employee_count: 5 }).execute();
    const records = generateCustomers(4, { firstId: 1 });
    const scores = (k: number) =>
      Object.fromEntries(BIAS_NAMES.map((name, b) => [name, [b * 10 + k + 0.25, 0.5 + b / 20]]));
    for (const [f, firmId] of firms.entries()) {
      await db
        .insertInto('customers')
        .values(records.map((r) => ({ ...r, firm_id: firmId, supplied_by: [firmId] })))
        .execute();
      await db
        .insertInto('customer_insights')
        .values(
          records.map((r, k) => ({
            firm_id: firmId,
            customer_id: r.customer_id,
            model_version: '1.0.0',
            priority_score: k + f,
            urgency_level: 'low',
            risk_level: 'low',
            segment: 'balanced',
            bias_severity: 1,
            risk_urgency: 2,
            time_sensitivity: 3,
            customer_value: 4,
            customer_value_basis: 'proxy',
            recommended_action: `Call ${r.customer_id}`,
            why: 'Because',
            top_biases: '[]',
            bias_scores: JSON.stringify(scores(k)),
          })),
        )
        .execute();
    }
    const customersBefore = await db
      .selectFrom('customers')
      .selectAll()
      .where('firm_id', 'in', firms)
      .orderBy('firm_id')
      .orderBy('customer_id')
      .execute();

    await migrateTo('0009_firm_partitions');
    const partitions = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent in ('customers'::regclass, 'customer_insights'::regclass) order by 1`.execute(
      db,
    );
    const ours = firms.map((id) => id.replace(/-/g, ''));
    expect(
      partitions.rows.map((p) => p.name).filter((name) => ours.some((h) => name.endsWith(h))),
    ).toEqual(ours.flatMap((h) => [`customer_insights_${h}`, `customers_${h}`]).sort());
    expect(
      await db
        .selectFrom('customers')
        .selectAll()
        .where('firm_id', 'in', firms)
        .orderBy('firm_id')
        .orderBy('customer_id')
        .execute(),
    ).toEqual(customersBefore);
    const insights = await db
      .selectFrom('customer_insights')
      .select(['customer_id', 'bias_scores', 'bias_confidences'])
      .where('firm_id', '=', firms[0])
      .orderBy('customer_id')
      .execute();
    expect(insights).toEqual(
      records.map((r, k) => ({
        customer_id: r.customer_id,
        bias_scores: BIAS_NAMES.map((_, b) => Math.round((b * 10 + k + 0.25) * 100)),
        bias_confidences: BIAS_NAMES.map((_, b) => Math.round((0.5 + b / 20) * 100)),
      })),
    );
    expect(await tableExists('customer_import_rows')).toBe(false);
    // The call outcomes' key and the version triggers are on the new tables.
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('firm_data_versions')
            .select('version')
            .where('firm_id', '=', firms[0])
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await version();
    await db.updateTable('customers').set({ age: 50 }).where('firm_id', '=', firms[0]).execute();
    expect(await version()).toBe(before + 1);
    const outcome = {
      firm_id: firms[0],
      rm_id: null,
      outcome: 'called',
      model_version: '1.0.0',
      priority_score: 1,
      urgency_level: 'low',
      recommended_action: 'x',
    };
    await db
      .insertInto('call_outcomes')
      .values({ ...outcome, customer_id: records[0]!.customer_id })
      .execute();
    await expect(
      db
        .insertInto('call_outcomes')
        .values({ ...outcome, customer_id: 'nobody' })
        .execute(),
    ).rejects.toThrow(/foreign key/);
    await db
      .updateTable('customers')
      .set({ age: records[0]!.age })
      .where('firm_id', '=', firms[0])
      .where('customer_id', '=', records[0]!.customer_id)
      .execute();

    await migrateTo('0008_firm_data_versions');
    const back = await db
      .selectFrom('customer_insights')
      .select(['customer_id', 'bias_scores'])
      .where('firm_id', '=', firms[0])
      .orderBy('customer_id')
      .execute();
    expect(back).toEqual(
      records.map((r, k) => ({ customer_id: r.customer_id, bias_scores: scores(k) })),
    );
    expect(await tableExists('customer_import_rows')).toBe(true);
    const partitioned = await sql<{ n: number }>`
      select count(*)::int as n from pg_partitioned_table`.execute(db);
    expect(partitioned.rows[0]!.n).toBe(0);
    await db.deleteFrom('call_outcomes').execute();
    await db.deleteFrom('customer_insights').execute();
    await db.deleteFrom('customers').execute();
  });

  it('0026 moves supplied_by into each file’s chunks of customer ids, and back on the way down', async () => {
    // Customers are written before 0009, which gives the firm its partitions on the way up.
    await migrateTo('0008_firm_data_versions');
    const { firmId, f1, f2 } = await firmWithTwoFiles();
    const gone = randomUUID(); // a file deleted without its id leaving supplied_by
    const records = generateCustomers(3, { firstId: 1 });
    const [c1, c2, c3] = records.map((r) => r.customer_id);
    const supplied = [[f2, f1], [f1], [gone]];
    await db
      .insertInto('customers')
      .values(records.map((r, i) => ({ ...r, firm_id: firmId, supplied_by: supplied[i] })))
      .execute();

    await migrateTo('0026_file_customer_ids');
    const chunks = await db
      .selectFrom('file_customer_ids')
      .select(['file_id', 'chunk', 'firm_id', 'customer_ids'])
      .orderBy('file_id')
      .execute();
    expect(chunks).toEqual([
      { file_id: f1, chunk: 0, firm_id: firmId, customer_ids: [c1, c2] },
      { file_id: f2, chunk: 0, firm_id: firmId, customer_ids: [c1] },
    ]);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'customers'
    `.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('supplied_by');

    await migrateTo('0025_file_fixes');
    const restored = await db
      .selectFrom('customers')
      .select(['customer_id', 'supplied_by'])
      .where('firm_id', '=', firmId)
      .orderBy('customer_id')
      .execute();
    expect(restored).toEqual([
      { customer_id: c1, supplied_by: [f1, f2] },
      { customer_id: c2, supplied_by: [f1] },
      { customer_id: c3, supplied_by: [] },
    ]);
    expect(await tableExists('file_customer_ids')).toBe(false);
  });

  it('0015 gives every firm that exists the default product shelf, and the shelf goes on the way down', async () => {
    const keys = Object.keys(migrations);
    await migrateTo(keys[keys.indexOf('0015_product_shelf') - 1]!);
    const firmId = randomUUID();
    await db.insertInto('firms').values({ id: firmId, name: 'Shelf', employee_count: 5 }).execute();
    await migrateTo('0015_product_shelf');
    // The governance attributes came later (0033): 0015 wrote every other field.
    const governance = [
      'risk_class',
      'complex',
      'capital_at_risk',
      'min_holding_years',
      'adds_market_exposure',
    ];
    const fields = Object.keys(DEFAULT_SHELF[0]!);
    const earlier = fields.filter((f) => !governance.includes(f));
    const shelfOf = (columns: string[]) =>
      db
        .selectFrom('products')
        .select(columns as (keyof (typeof DEFAULT_SHELF)[number])[])
        .where('firm_id', '=', firmId)
        .orderBy('name')
        .execute();
    const sorted = [...DEFAULT_SHELF].sort((a, b) => (a.name < b.name ? -1 : 1));
    // 0015 keeps its own copy of the shelf (a migration imports no application code): today's
    // default shelf, product by product. Should the default shelf change for new firms, compare
    // with 0015's shelf as it was written instead, since the migration must not change.
    expect(await shelfOf(earlier)).toEqual(
      sorted.map((p) => Object.fromEntries(earlier.map((f) => [f, p[f as keyof typeof p]]))),
    );
    // 0033 gives these products the default shelf's own governance (its own frozen copy).
    await migrateTo('0033_product_governance');
    expect(await shelfOf(fields)).toEqual(sorted);
    await migrateTo(keys[keys.indexOf('0015_product_shelf') - 1]!);
    expect(await tableExists('products')).toBe(false);
    await db.deleteFrom('firms').where('id', '=', firmId).execute();
  });

  it('0033 gives existing products their category’s governance defaults, and the default shelf’s own values', async () => {
    const keys = Object.keys(migrations);
    await migrateTo(keys[keys.indexOf('0033_product_governance') - 1]!);
    const firmId = randomUUID();
    await db
      .insertInto('firms')
      .values({ id: firmId, name: 'Governed', employee_count: 5 })
      .execute();
    for (const [name, category] of [
      ['Own Fund', 'investment'],
      ['Own Card', 'credit_card'],
      ['Own Loan', 'loan'],
      ['Own Saver', 'savings'],
      [' capital-protected deposit ', 'savings'],
    ])
      await sql`insert into products (firm_id, name, category) values (${firmId}, ${name}, ${category})`.execute(
        db,
      );
    await migrateTo('0033_product_governance');
    const rows = await db
      .selectFrom('products')
      .select([
        'name',
        'risk_class',
        'complex',
        'capital_at_risk',
        'min_holding_years',
        'adds_market_exposure',
      ])
      .where('firm_id', '=', firmId)
      .orderBy('name')
      .execute();
    const row = (
      risk_class: number,
      capital_at_risk: string,
      min_holding_years: number,
      adds_market_exposure: boolean,
    ) => ({
      risk_class,
      complex: false,
      capital_at_risk,
      min_holding_years,
      adds_market_exposure,
    });
    expect(rows).toEqual([
      { name: ' capital-protected deposit ', ...row(2, 'none', 5, false) },
      { name: 'Own Card', ...row(2, 'none', 0, false) },
      { name: 'Own Fund', ...row(4, 'full', 5, true) },
      { name: 'Own Loan', ...row(3, 'none', 0, false) },
      { name: 'Own Saver', ...row(1, 'none', 0, false) },
    ]);
    await expect(
      sql`update products set adds_market_exposure = true where firm_id = ${firmId} and name = 'Own Card'`.execute(
        db,
      ),
    ).rejects.toThrow();
    await db.deleteFrom('products').where('firm_id', '=', firmId).execute();
    await db.deleteFrom('firms').where('id', '=', firmId).execute();
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
