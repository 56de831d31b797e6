import { randomUUID } from 'node:crypto';
import type { UploadResponse } from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, importCustomers, uploadFile } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { filesSupplying } from '../../../test/supplying-files.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import {
  createLoadTableSql,
  firmPartitionsOf,
  listLoadTables,
  loadTablesOf,
  sweepLoadTables,
} from './load-tables.js';
import { withoutFirmScope } from '../../db/firm-scope.js';

/**
 * The two ways an import lands (docs/ingestion.md): a firm's first file becomes the firm's
 * partitions, built beside the tables and attached in the final transaction; a later file is
 * merged into them. Both leave no table of their own behind.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** `count` customers with consecutive ids from `firstId`. */
const csvOf = (count: number, { firstId }: { firstId: number }) =>
  toCsvBuffer(customerTable(generateCustomers(count, { firstId, seed: firstId })));

/** The partitions of `parent` and the firm each holds. */
async function partitionsOf(parent: string) {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${parent}::regclass
    order by 1`.execute(db());
  return rows;
}

/** Each index of `parent` with the index of `partition` attached to it (null if none). */
async function attachedIndexes(parent: string, partition: string) {
  const { rows } = await sql<{ parent_index: string; partition_index: string | null }>`
    select p.indexrelid::regclass::text as parent_index,
      (select c.relname from pg_inherits h join pg_class c on c.oid = h.inhrelid
       join pg_index x on x.indexrelid = c.oid
       where h.inhparent = p.indexrelid and x.indrelid = ${partition}::regclass) as partition_index
    from pg_index p where p.indrelid = ${parent}::regclass
    order by 1`.execute(db());
  return rows;
}

async function indexCount(table: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_index where indrelid = ${table}::regclass`.execute(db());
  return rows[0]!.n;
}

const storedIds = async (firmId: string) => {
  const supplying = await filesSupplying(db(), firmId);
  return (
    await db()
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', firmId)
      .orderBy('customer_id')
      .execute()
  ).map((c) => ({ id: c.customer_id, files: supplying.get(c.customer_id) ?? [] }));
};

const dataVersion = async (firmId: string) =>
  Number(
    (
      await db()
        .selectFrom('firm_data_versions')
        .select('version')
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow()
    ).version,
  );

describe('a firm’s first file', () => {
  it('becomes the firm’s partitions, with every index, key and statistic built before the attach', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const before = await dataVersion(admin.firmId);
    const fileId = await importCustomers(ctx, admin, csvOf(40, { firstId: 500 }));

    const own = firmPartitionsOf(admin.firmId);
    const load = loadTablesOf(fileId);
    const firmBound = `FOR VALUES IN ('${admin.firmId}')`;
    expect(await partitionsOf('customers')).toContainEqual({
      name: own.customers,
      bound: firmBound,
    });
    expect(await partitionsOf('customer_insights')).toContainEqual({
      name: own.insights,
      bound: firmBound,
    });
    // Every index of the parents has exactly the index the import built, and nothing else:
    // an index the attach had to build itself would carry the partition's name.
    for (const [parent, partition, prefix] of [
      ['customers', own.customers, load.customers],
      ['customer_insights', own.insights, load.insights],
    ] as const) {
      const indexes = await attachedIndexes(parent, partition);
      expect(indexes.length).toBeGreaterThan(0);
      for (const index of indexes) expect(index.partition_index).toMatch(new RegExp(`^${prefix}_`));
      expect(await indexCount(partition)).toBe(indexes.length);
    }
    const { rows: constraints } = await sql<{ contype: string; convalidated: boolean }>`
      select contype, convalidated from pg_constraint
      where conrelid = ${own.customers}::regclass and contype in ('f', 'c')`.execute(db());
    expect(constraints.filter((c) => c.contype === 'f')).toEqual([
      { contype: 'f', convalidated: true },
      { contype: 'f', convalidated: true },
    ]);
    const { rows: analysed } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stats where tablename = ${own.customers}`.execute(db());
    expect(analysed[0]!.n).toBeGreaterThan(0);

    expect(await storedIds(admin.firmId)).toHaveLength(40);
    expect(
      await db()
        .selectFrom('customer_insights')
        .select('customer_id')
        .where('firm_id', '=', admin.firmId)
        .execute(),
    ).toHaveLength(40);
    // Attaching writes no row: the import raises the version the RM list cache reads itself.
    expect(await dataVersion(admin.firmId)).toBeGreaterThan(before);
    expect(await listLoadTables(db())).toEqual([]);
  });

  it('is followed by files merged into those partitions, customers updated in place', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const first = await importCustomers(ctx, admin, csvOf(10, { firstId: 1 }), 'first.csv');
    const second = await importCustomers(ctx, admin, csvOf(10, { firstId: 6 }), 'second.csv');

    const own = firmPartitionsOf(admin.firmId);
    expect((await partitionsOf('customers')).filter((p) => p.name === own.customers)).toHaveLength(
      1,
    );
    const stored = await storedIds(admin.firmId);
    expect(stored).toHaveLength(15);
    const both = [first, second].sort();
    expect(stored.filter((c) => c.files.length === 2).map((c) => c.files)).toEqual(
      Array.from({ length: 5 }, () => both),
    );
    expect(await listLoadTables(db())).toEqual([]);
  });
});

describe('two first files of a firm imported at the same time', () => {
  it('attach one and merge the other, whichever finishes first', async () => {
    const queued = await createTestContext({ RUN_WORKER: 'false', UPLOAD_WAIT_MS: '0' });
    try {
      const admin = await adminOnPlan(queued, 'business');
      const ids: string[] = [];
      for (const [name, firstId] of [
        ['a.csv', 1],
        ['b.csv', 21],
      ] as const) {
        const res = await uploadFile(queued, admin.headers, name, csvOf(30, { firstId }));
        expect(res.json<UploadResponse>().job_status).toBe('processing');
        ids.push(res.json<UploadResponse>().file_id!);
      }
      // Both start before either finishes, so both load tables meant to be attached.
      await Promise.all(
        ids.map((fileId) =>
          queued.services.ingestion.importClaimed(
            { fileId, firmId: admin.firmId },
            // Unclaimed (no job holds the file): its progress is not written.
            { id: randomUUID(), retryCount: 0, retryLimit: 0 },
          ),
        ),
      );
      const files = await queued.database.db
        .selectFrom('customer_files')
        .select('status')
        .where('firm_id', '=', admin.firmId)
        .execute();
      expect(files.map((f) => f.status)).toEqual(['completed', 'completed']);
      const customers = await queued.database.db
        .selectFrom('customers')
        .select('customer_id')
        .where('firm_id', '=', admin.firmId)
        .execute();
      const supplying = await filesSupplying(queued.database.db, admin.firmId);
      // Ids 21-30 are in both files.
      expect(customers).toHaveLength(50);
      expect(customers.filter((c) => supplying.get(c.customer_id)?.length === 2)).toHaveLength(10);
      const insights = await queued.database.db
        .selectFrom('customer_insights')
        .select('customer_id')
        .where('firm_id', '=', admin.firmId)
        .execute();
      expect(insights).toHaveLength(50);
      expect(await listLoadTables(queued.database.db)).toEqual([]);
    } finally {
      await queued.close();
    }
  });
});

describe('the sweep of load tables', () => {
  it('drops the tables of files no longer being imported and keeps those of files in progress', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const inProgress = randomUUID();
    await db()
      .insertInto('customer_files')
      .values({
        id: inProgress,
        firm_id: admin.firmId,
        filename: 'running.csv',
        file_size: 1,
        format: 'csv',
        storage_key: inProgress,
        total_columns: 28,
        columns_info: '[]',
        preview_rows: '[]',
      })
      .execute();
    const gone = randomUUID();
    for (const fileId of [inProgress, gone]) {
      const tables = loadTablesOf(fileId);
      for (const kind of ['customers', 'insights'] as const)
        for (const statement of createLoadTableSql(
          kind,
          tables[kind],
          { firmId: admin.firmId, fileId },
          true,
        ))
          await statement.execute(db());
    }
    const dropped = await sweepLoadTables(db());
    expect(dropped.sort()).toEqual(Object.values(loadTablesOf(gone)).sort());
    expect((await listLoadTables(db())).sort()).toEqual(
      Object.values(loadTablesOf(inProgress)).sort(),
    );
    await withoutFirmScope(db(), 'the test deletes a file by id')
      .deleteFrom('customer_files')
      .where('id', '=', inProgress)
      .execute();
    await sweepLoadTables(db());
    expect(await listLoadTables(db())).toEqual([]);
  });
});
