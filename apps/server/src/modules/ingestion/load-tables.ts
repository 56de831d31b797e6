import { sql, type RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';

/**
 * An import's own tables (docs/ingestion.md, "Loading a file"): the accepted rows of one file
 * and their insights are copied into two tables shaped like `customers` and
 * `customer_insights`, named after the file. A firm's first file then becomes the firm's
 * partitions: their keys, indexes and foreign keys are built in bulk here, on tables no query
 * reads yet, and the final transaction only attaches them. A later file is merged from them
 * into the firm's partitions. Either way nothing of the file is visible before that final
 * transaction commits, and tables a crashed import left behind are dropped by the next attempt
 * or the sweep.
 */
export interface TablePair {
  customers: string;
  insights: string;
}

const PARENTS: TablePair = { customers: 'customers', insights: 'customer_insights' };
const LOAD_PREFIX: TablePair = {
  customers: 'load_customers_',
  insights: 'load_customer_insights_',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** DDL takes no parameters: ids written into it (names, literals) are checked uuids. */
function checkedUuid(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a lower-case uuid: ${id}`);
  return id;
}
const hexOf = (id: string) => checkedUuid(id).replace(/-/g, '');

export const loadTablesOf = (fileId: string): TablePair => ({
  customers: LOAD_PREFIX.customers + hexOf(fileId),
  insights: LOAD_PREFIX.insights + hexOf(fileId),
});

/** The names of a firm's partitions (migration 0009 names them the same way). */
export const firmPartitionsOf = (firmId: string): TablePair => ({
  customers: `${PARENTS.customers}_${hexOf(firmId)}`,
  insights: `${PARENTS.insights}_${hexOf(firmId)}`,
});

const table = (name: string) => sql.table(name);
const literal = (uuid: string) => sql.lit(checkedUuid(uuid));

/**
 * The DDL that creates one load table, with defaults filling the columns the COPY lines leave
 * out: the firm, and for insights the file that recorded them. `logged: false` for tables
 * that are only merged from (an unlogged table writes no WAL; it must never be attached).
 */
export function createLoadTableSql(
  kind: keyof TablePair,
  name: string,
  ids: { firmId: string; fileId: string },
  logged: boolean,
): RawBuilder<unknown>[] {
  const statements = [
    sql`create ${sql.raw(logged ? '' : 'unlogged ')}table ${table(name)}
      (like ${table(PARENTS[kind])} including defaults)`,
    sql`alter table ${table(name)} alter column firm_id set default ${literal(ids.firmId)}`,
  ];
  // Attached as the firm's first partitions, every row is a new customer's first state,
  // recorded by this file (docs/changes-and-alerts.md): no history to write.
  if (kind === 'insights')
    statements.push(
      sql`alter table ${table(name)} alter column file_id set default ${literal(ids.fileId)},
        alter column change set default 'new'`,
    );
  return statements;
}

/** After the COPY: the defaults of the parent again, so an attached partition is plain. */
export function resetLoadDefaultsSql(kind: keyof TablePair, name: string): RawBuilder<unknown> {
  return kind === 'customers'
    ? sql`alter table ${table(name)} alter column firm_id drop default`
    : sql`alter table ${table(name)} alter column firm_id drop default,
        alter column file_id drop default, alter column change drop default`;
}

export async function dropLoadTables(db: Executor, tables: TablePair): Promise<void> {
  await sql`drop table if exists ${table(tables.customers)}, ${table(tables.insights)}`.execute(db);
}

export async function firmHasPartitions(db: Executor, firmId: string): Promise<boolean> {
  const { customers } = firmPartitionsOf(firmId);
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(${customers}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * One step of the bulk build and the phase it belongs to. Steps of a phase run side by side;
 * phases run in turn, so that a step that locks a table whole (a check, a key made from its
 * index, a foreign key) never waits behind an index build on the other connection.
 */
interface BuildStep {
  phase: 'check' | 'key' | 'index' | 'foreign key' | 'statistics';
  sql: RawBuilder<unknown>[];
  /** What the step costs relative to the others of its phase: the dearest start first. */
  weight: number;
}
const PHASES: BuildStep['phase'][] = ['check', 'key', 'index', 'foreign key', 'statistics'];

interface ParentIndex {
  def: string;
  constraint_type: string | null;
}

/**
 * What makes a load table attachable without the attach doing any work: every key, index and
 * foreign key of its parent (read from the catalog, so a later migration's index comes along
 * by itself) and a check that every row is the firm's, which spares the attach its scan; then
 * its statistics.
 */
async function buildSteps(
  db: Executor,
  kind: keyof TablePair,
  name: string,
  firmId: string,
  embedded: boolean,
): Promise<BuildStep[]> {
  const parent = PARENTS[kind];
  const indexes = await sql<ParentIndex>`
    select pg_get_indexdef(i.indexrelid) as def, c.contype as constraint_type
    from pg_index i
    left join pg_constraint c on c.conindid = i.indexrelid and c.conrelid = i.indrelid
    where i.indrelid = ${parent}::regclass
    order by i.indexrelid`.execute(db);
  const foreignKeys = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${parent}::regclass and contype = 'f'
    order by oid`.execute(db);

  const steps: BuildStep[] = [
    {
      phase: 'check',
      sql: [
        sql`alter table ${table(name)} add constraint ${table(`${name}_firm`)}
          check (firm_id = ${literal(firmId)})`,
      ],
      weight: 1,
    },
  ];
  indexes.rows.forEach((index, n) => {
    const indexName = `${name}_${n + 1}`;
    const create = index.def.replace(
      /^CREATE (UNIQUE )?INDEX \S+ ON ONLY \S+ USING /,
      (_, unique: string | undefined) =>
        `CREATE ${unique ?? ''}INDEX "${indexName}" ON "${name}" USING `,
    );
    if (create === index.def) throw new Error(`unexpected index definition: ${index.def}`);
    const constraint = { p: 'primary key', u: 'unique' }[index.constraint_type ?? ''];
    steps.push({
      phase: constraint ? 'key' : 'index',
      sql: [
        sql.raw(create),
        ...(constraint
          ? [
              sql`alter table ${table(name)} add constraint ${table(indexName)}
                ${sql.raw(constraint)} using index ${table(indexName)}`,
            ]
          : []),
      ],
      // A trigram index costs about three plain ones.
      weight: / USING gin /.test(create) ? 3 : 1,
    });
  });
  for (const fk of foreignKeys.rows) {
    // NOT VALID then VALIDATE: the check scans the table while the referenced tables only take
    // a share lock, so sign-ups and assignments elsewhere never wait for it.
    steps.push({
      phase: 'foreign key',
      sql: [
        sql`alter table ${table(name)} add constraint ${table(fk.name)} ${sql.raw(fk.def)} not valid`,
        sql`alter table ${table(name)} validate constraint ${table(fk.name)}`,
      ],
      weight: 1,
    });
  }
  // Planner statistics now, not when autovacuum gets round to a million new rows: the first
  // lists read after the import would otherwise be planned for an empty table. On PGlite, from
  // a sample of 3,000 rows rather than 30,000: the analyze holds the server's thread (8 s for
  // 200,000 rows on a busy machine), and a firm's partition is planned as well from it.
  steps.push({
    phase: 'statistics',
    sql: embedded
      ? [
          sql`set default_statistics_target = 10`,
          sql`analyze ${table(name)}`,
          sql`reset default_statistics_target`,
        ]
      : [sql`analyze ${table(name)}`],
    weight: 1,
  });
  return steps;
}

/**
 * What PGlite builds before the COPY, on the empty load tables (importClaimed): each batch then
 * adds to the indexes, instead of one index build over the whole file holding the server's
 * thread for seconds (5.6 s for a trigram index of 200,000 rows). The foreign keys are
 * validated after, in one scan.
 */
export const EMBEDDED_BEFORE_LOAD: readonly BuildStep['phase'][] = ['check', 'key', 'index'];
const EMBEDDED_AFTER_LOAD: readonly BuildStep['phase'][] = ['foreign key', 'statistics'];

/**
 * Builds every key, index and foreign key of both load tables, phase by phase, on two
 * connections of a server (PostgreSQL sorts for each index on its own core) or in turn on
 * PGlite, where the keys and indexes come before the load (`EMBEDDED_BEFORE_LOAD`) and the
 * rest after it (`phases` unset).
 */
export async function buildLoadTables(
  database: DatabaseHandle,
  tables: TablePair,
  firmId: string,
  phases?: readonly BuildStep['phase'][],
): Promise<void> {
  const { db, pool } = database;
  const embedded = !pool;
  const steps = [
    ...(await buildSteps(db, 'customers', tables.customers, firmId, embedded)),
    ...(await buildSteps(db, 'insights', tables.insights, firmId, embedded)),
  ];
  const lanes = pool ? 2 : 1;
  for (const phase of phases ?? (embedded ? EMBEDDED_AFTER_LOAD : PHASES)) {
    const queue = steps.filter((s) => s.phase === phase).sort((a, b) => b.weight - a.weight);
    const lane = async () => {
      for (let step = queue.shift(); step; step = queue.shift())
        for (const statement of step.sql) await statement.execute(db);
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  }
}

/**
 * In the import's final transaction: the load tables become the firm's partitions. Their
 * indexes, keys and check match the parents', so the attach only writes the catalog; it takes
 * a share lock on the tables the foreign keys name until commit, so it comes last.
 */
export async function attachLoadTables(
  trx: Executor,
  tables: TablePair,
  firmId: string,
): Promise<void> {
  const partitions = firmPartitionsOf(firmId);
  for (const kind of ['customers', 'insights'] as const) {
    await sql`alter table ${table(tables[kind])} rename to ${table(partitions[kind])}`.execute(trx);
    await sql`alter table ${table(PARENTS[kind])} attach partition ${table(partitions[kind])}
      for values in (${literal(firmId)})`.execute(trx);
  }
}

/** Every import's load tables in the database, whatever state their file is in. */
export async function listLoadTables(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and (c.relname like 'load\\_customers\\_%' or c.relname like 'load\\_customer\\_insights\\_%')
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Drops the load tables of files that are no longer being imported (deleted, or finished by
 * an attempt that died before dropping them). Files still processing keep theirs: their job
 * drops and rebuilds them when it runs again.
 */
export async function sweepLoadTables(db: Executor): Promise<string[]> {
  // Tables first: a file whose tables are listed existed before them, so if it is still
  // processing, the query after sees it.
  const tables = await listLoadTables(db);
  const processing = await withoutFirmScope(db, 'the load-table sweep spans every firm’s imports')
    .selectFrom('customer_files')
    .select('id')
    .where('status', '=', 'processing')
    .execute();
  const keep = new Set(processing.map((f) => hexOf(f.id)));
  const abandoned = tables.filter((name) => !keep.has(name.slice(-32)));
  for (const name of abandoned) await sql`drop table if exists ${table(name)}`.execute(db);
  return abandoned;
}
