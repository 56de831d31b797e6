import type { FileReading, RowProblem } from '@behavio/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';
import type { Database, FileFormat } from '../../db/schema.js';
import { lockFirmCustomers, refreshCustomerListIndex } from '../customers/customer-list-index.js';
import { COPY_COLUMNS } from './parse/index.js';
import {
  attachLoadTables,
  dropLoadTables,
  firmHasPartitions,
  type TablePair,
} from './load-tables.js';
import { INSIGHT_COLUMNS } from './insight-columns.js';
import {
  compareCustomerRows,
  compareWithStored,
  keepSupersededStates,
  raiseAlerts,
  recordAllNew,
  recordCounts,
  writeChangedCustomers,
  writeChangedInsights,
} from '../changes/import-changes.js';

const FILE_COLUMNS = [
  'id',
  'firm_id',
  'filename',
  'file_size',
  'format',
  'status',
  'error',
  'total_rows',
  'accepted_rows',
  'rejected_rows',
  'total_columns',
  'columns_info',
  'preview_rows',
  'problems',
  'created_at',
  'completed_at',
  'rows_processed',
  'rows_expected',
  'encoding',
  'delimiter',
  'source',
  'column_mapping',
  'mapping_source',
] as const;

/** A running import's rows a second since it started reading, on the database's clock. */
const rowsPerSecond = sql<number | null>`case
  when status = 'processing' and rows_processed > 0 and now() > import_started_at
  then round(rows_processed / extract(epoch from now() - import_started_at))::int
end`.as('rows_per_second');

/**
 * The import job keeps its own file row by the file's id and its claim (its job id), and the
 * stalled-import sweep looks at every firm's: the firm was checked when the job claimed the file.
 */
const byJobClaim = (db: Executor) =>
  withoutFirmScope(db, 'the import job updates its claimed file by id; the sweep spans firms');

export async function insertFile(
  db: Executor,
  file: {
    id: string;
    firmId: string;
    uploadedBy: string | null;
    /** The feed's key for a file sent through the API (`source: api`); null for an upload. */
    apiKeyId: string | null;
    filename: string;
    fileSize: number;
    format: FileFormat;
    storageKey: string;
    totalColumns: number;
    columns_info: unknown;
    preview_rows: unknown;
    reading: FileReading;
  },
) {
  await db
    .insertInto('customer_files')
    .values({
      id: file.id,
      firm_id: file.firmId,
      uploaded_by: file.uploadedBy,
      filename: file.filename,
      file_size: file.fileSize,
      format: file.format,
      storage_key: file.storageKey,
      total_columns: file.totalColumns,
      columns_info: JSON.stringify(file.columns_info),
      preview_rows: JSON.stringify(file.preview_rows),
      encoding: file.reading.encoding,
      delimiter: file.reading.delimiter,
      column_mapping: file.reading.mapping && JSON.stringify(file.reading.mapping),
      mapping_source: file.reading.mapping_source,
      source: file.apiKeyId ? 'api' : 'upload',
      api_key_id: file.apiKeyId,
    })
    .execute();
}

/** The encoding the whole file was read in (the upload saw only its first rows). */
export async function recordEncoding(db: Executor, fileId: string, encoding: string | null) {
  await byJobClaim(db)
    .updateTable('customer_files')
    .set({ encoding })
    .where('id', '=', fileId)
    .execute();
}

/** The firm's plan as stored now (the token's may be older). */
export async function firmPlan(db: Executor, firmId: string) {
  const firm = await db
    .selectFrom('firms')
    .select('plan')
    .where('id', '=', firmId)
    .executeTakeFirstOrThrow();
  return firm.plan;
}

/** Serialises plan checks and uploads of one firm (two parallel uploads on the free plan). */
export async function lockFirm(trx: Transaction<Database>, firmId: string) {
  await trx
    .selectFrom('firms')
    .select('id')
    .where('id', '=', firmId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findFile(db: Executor, firmId: string, fileId: string) {
  return db
    .selectFrom('customer_files')
    .select([...FILE_COLUMNS, rowsPerSecond, 'storage_key', 'fixed_rows'])
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export type FileRecord = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export async function listFiles(
  db: Executor,
  firmId: string,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('customer_files')
    .select([...FILE_COLUMNS, rowsPerSecond])
    .where('firm_id', '=', firmId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function latestFileId(db: Executor, firmId: string) {
  const row = await db
    .selectFrom('customer_files')
    .select('id')
    .where('firm_id', '=', firmId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export async function markFailed(db: Executor, fileId: string, error: string, counts?: Counts) {
  await byJobClaim(db)
    .updateTable('customer_files')
    .set({
      status: 'failed',
      error,
      completed_at: new Date(),
      ...(counts ? countColumns(counts) : {}),
    })
    .where('id', '=', fileId)
    .where('status', '=', 'processing')
    .execute();
}

export interface Counts {
  total: number;
  accepted: number;
  rejected: number;
  problems: RowProblem[];
}

const countColumns = (c: Counts) => ({
  total_rows: c.total,
  rows_processed: c.total,
  accepted_rows: c.accepted,
  rejected_rows: c.rejected,
  problems: JSON.stringify(c.problems),
});

const customerColumns = COPY_COLUMNS.filter((c) => c !== 'customer_id');
const list = (columns: readonly string[], prefix = '') =>
  sql.raw(columns.map((c) => `${prefix}${c}`).join(', '));

export type ImportOutcome = 'attached' | 'merged' | 'gone';

/**
 * The import's final transaction, under the firm's customer lock: the file's load tables
 * become the firm's partitions when the firm has none yet (`bulk`, the tables built by
 * `buildLoadTables`), or are merged into them; either way the file is marked completed and the
 * firm's summary rebuilt in the same transaction. Answers 'gone' when the file is no longer
 * waiting (deleted meanwhile): the caller then drops the tables.
 */
export async function completeImport(
  trx: Transaction<Database>,
  input: { fileId: string; firmId: string; counts: Counts; tables: TablePair; bulk: boolean },
): Promise<ImportOutcome> {
  const { fileId, firmId, tables } = input;
  await lockFirmCustomers(trx, firmId);
  const claimed = await trx
    .selectFrom('customer_files')
    .select('id')
    .where('id', '=', fileId)
    .where('firm_id', '=', firmId)
    .where('status', '=', 'processing')
    .forUpdate()
    .executeTakeFirst();
  if (!claimed) return 'gone';
  const completed = trx
    .updateTable('customer_files')
    .set({
      status: 'completed',
      error: null,
      completed_at: new Date(),
      ...countColumns(input.counts),
    })
    .where('id', '=', fileId)
    .where('firm_id', '=', firmId);

  // Another file of the firm may have been attached since this one started: then merge.
  if (input.bulk && !(await firmHasPartitions(trx, firmId))) {
    await refreshCustomerListIndex(trx, firmId, tables);
    await completed.execute();
    await recordAllNew(trx, { firmId, fileId, accepted: input.counts.accepted });
    await recordSuppliedCustomers(trx, { firmId, fileId, table: tables.customers });
    await attachLoadTables(trx, tables, firmId);
    // Attaching writes no row, so no trigger raises the version the RM list cache reads.
    await sql`update firm_data_versions set version = version + 1 where firm_id = ${firmId}`.execute(
      trx,
    );
    return 'attached';
  }
  await mergeLoadTables(trx, { ...input, accepted: input.counts.accepted });
  await completed.execute();
  await dropLoadTables(trx, tables);
  await refreshCustomerListIndex(trx, firmId);
  return 'merged';
}

/**
 * Upserts load tables into the firm's customers and insights (an import's final transaction, a
 * fix of rejected rows): a customer already known to the firm is updated in place and keeps
 * its RM, and the file is recorded as one that supplied them. What the rows changed is
 * recorded on the way (docs/changes-and-alerts.md): the customers they create or change get a
 * new insight row, their old one kept as history, and their alerts; unchanged customers'
 * rows are not written at all, so re-sending a whole book costs little more than reading it.
 * `accepted` is how many rows the tables hold. The caller holds the firm's customer lock.
 */
export async function mergeLoadTables(
  trx: Transaction<Database>,
  {
    fileId,
    firmId,
    tables,
    accepted,
  }: {
    fileId: string;
    firmId: string;
    tables: TablePair;
    accepted: number;
  },
) {
  // A firm without customers (its files deleted) needs no upsert: plain inserts skip the
  // speculative insertion ON CONFLICT costs on every row (1.6x measured), and every customer
  // is new, so there is nothing to compare.
  const { rows } = await sql<{ known: boolean }>`
    select exists (select 1 from customers where firm_id = ${firmId})
      or exists (select 1 from customer_insights where firm_id = ${firmId}) as known
  `.execute(trx);
  if (rows[0]?.known === false) {
    await sql`
      insert into customers (firm_id, customer_id, ${list(customerColumns)})
      select ${firmId}::uuid, customer_id, ${list(customerColumns)}
      from ${sql.table(tables.customers)}
    `.execute(trx);
    await sql`
      insert into customer_insights (firm_id, customer_id, ${list(INSIGHT_COLUMNS)}, computed_at,
        file_id, change)
      select ${firmId}::uuid, customer_id, ${list(INSIGHT_COLUMNS)}, now(), ${fileId}::uuid, 'new'
      from ${sql.table(tables.insights)}
    `.execute(trx);
    await recordAllNew(trx, { firmId, fileId, accepted });
    await recordSuppliedCustomers(trx, { firmId, fileId, table: tables.customers });
    return;
  }
  await compareWithStored(trx, { firmId, tables }, INSIGHT_COLUMNS);
  await compareCustomerRows(trx, { firmId, table: tables.customers }, customerColumns);
  await keepSupersededStates(trx, firmId);
  await raiseAlerts(trx, { firmId, fileId, newCustomersAlert: true });
  await writeChangedCustomers(trx, firmId, customerColumns);
  await writeChangedInsights(trx, { firmId, fileId }, INSIGHT_COLUMNS);
  await recordSuppliedCustomers(trx, { firmId, fileId, table: tables.customers });
  await recordCounts(trx, { firmId, fileId, accepted });
}

/** How many customer ids one row of `file_customer_ids` holds (migration 0026). */
const SUPPLY_CHUNK = 10_000;

/**
 * Records that the file supplied the customers of a load table, in chunks of ids: about a
 * hundred rows for a million customers, so the record costs no index write per customer. A
 * fix of the file's rejected rows adds chunks after the ones its import wrote.
 */
async function recordSuppliedCustomers(
  trx: Transaction<Database>,
  { firmId, fileId, table }: { firmId: string; fileId: string; table: string },
) {
  const chunk = sql.lit(SUPPLY_CHUNK);
  await sql`
    insert into file_customer_ids (file_id, chunk, firm_id, customer_ids)
    select ${fileId}::uuid, after + (n - 1) / ${chunk}, ${firmId}::uuid, array_agg(customer_id)
    from (select customer_id, row_number() over () as n from ${sql.table(table)}) numbered,
      (select coalesce(max(chunk) + 1, 0) as after from file_customer_ids
        where firm_id = ${firmId} and file_id = ${fileId}) earlier
    group by after, (n - 1) / ${chunk}
  `.execute(trx);
}

/**
 * Deletes a file and, in the same transaction, the customers no other file supplied (their
 * insights and assignments go with them). Answers how many customers were removed.
 */
export async function deleteFileAndOrphans(
  trx: Transaction<Database>,
  firmId: string,
  fileId: string,
) {
  await lockFirmCustomers(trx, firmId);
  const locked = await trx
    .selectFrom('customer_files')
    .select(['id', 'storage_key', 'filename'])
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return undefined;
  // The customers of the file's chunks that no other file of the firm names. Reads the firm's
  // chunks whole; deleting a file is rare next to importing one.
  const removed = await sql<{ n: string | number }>`
    with orphans as (
      delete from customers c using (
        select unnest(customer_ids) as customer_id from file_customer_ids
        where firm_id = ${firmId} and file_id = ${fileId}
        except
        select unnest(customer_ids) from file_customer_ids
        where firm_id = ${firmId} and file_id <> ${fileId}
      ) o
      where c.firm_id = ${firmId} and c.customer_id = o.customer_id
      returning c.customer_id
    ), insights as (
      delete from customer_insights i using orphans o
      where i.firm_id = ${firmId} and i.customer_id = o.customer_id
    ), alerts as (
      -- Their history goes through its foreign key; alerts have none (they outlive nothing).
      delete from alerts a using orphans o
      where a.firm_id = ${firmId} and a.customer_id = o.customer_id
    )
    select count(*) as n from orphans
  `.execute(trx);
  // Its chunks go with it (foreign key).
  await trx
    .deleteFrom('customer_files')
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .execute();
  await refreshCustomerListIndex(trx, firmId);
  return {
    removedCustomers: Number(removed.rows[0]?.n ?? 0),
    storageKey: locked.storage_key,
    filename: locked.filename,
  };
}

export type ImportClaim = 'claimed' | 'busy' | 'done';

/**
 * Takes a file's import for a job, under the firm's row lock: 'done' when the file is no longer
 * waiting, 'busy' when an import of the firm (this file's under another job, or another file)
 * has a heartbeat younger than `staleSeconds`, so a firm runs one import at a time whichever
 * process runs it. A stale heartbeat is a worker that is gone: its file may be taken.
 */
export async function claimImport(
  trx: Transaction<Database>,
  claim: { fileId: string; firmId: string; jobId: string; staleSeconds: number },
): Promise<ImportClaim> {
  await lockFirm(trx, claim.firmId);
  const processing = await trx
    .selectFrom('customer_files')
    .select(['id', 'import_job_id'])
    .where('firm_id', '=', claim.firmId)
    .where('status', '=', 'processing')
    .where(sql<boolean>`heartbeat_at > now() - make_interval(secs => ${claim.staleSeconds})`)
    .execute();
  const file = await trx
    .selectFrom('customer_files')
    .select('status')
    .where('id', '=', claim.fileId)
    .where('firm_id', '=', claim.firmId)
    .executeTakeFirst();
  if (file?.status !== 'processing') return 'done';
  if (processing.some((f) => f.id !== claim.fileId || f.import_job_id !== claim.jobId))
    return 'busy';
  await trx
    .updateTable('customer_files')
    .set({ import_job_id: claim.jobId, heartbeat_at: sql`now()` })
    .where('id', '=', claim.fileId)
    .where('firm_id', '=', claim.firmId)
    .execute();
  return 'claimed';
}

/** The running import says it is alive. */
export async function beatImport(db: Executor, fileId: string, jobId: string) {
  await byJobClaim(db)
    .updateTable('customer_files')
    .set({ heartbeat_at: sql`now()` })
    .where('id', '=', fileId)
    .where('import_job_id', '=', jobId)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * How far the import has read, with a heartbeat: one update a batch. `expected` (the rows it
 * should find, null when unknown) is given once, as it starts reading. Guarded like the heartbeat, so a worker that
 * lost its claim writes nothing.
 */
export async function recordProgress(
  db: Executor,
  file: { fileId: string; jobId: string },
  progress: { processed: number; expected?: number | null },
) {
  await byJobClaim(db)
    .updateTable('customer_files')
    .set({
      rows_processed: progress.processed,
      ...(progress.expected === undefined
        ? {}
        : { rows_expected: progress.expected, import_started_at: sql`now()` }),
      heartbeat_at: sql`now()`,
    })
    .where('id', '=', file.fileId)
    .where('import_job_id', '=', file.jobId)
    .where('status', '=', 'processing')
    .execute();
}

/** Imports whose worker stopped saying it is alive `staleSeconds` ago. */
export async function stalledImports(db: Executor, staleSeconds: number) {
  return (
    byJobClaim(db)
      .selectFrom('customer_files')
      .select(['id', 'firm_id', 'import_job_id'])
      .where('status', '=', 'processing')
      .where(sql<boolean>`heartbeat_at <= now() - make_interval(secs => ${staleSeconds})`)
      // A file whose row is locked is in its import's final transaction, alive: its heartbeat
      // waits for that lock, and a million-row merge can outlast the stale limit.
      .forUpdate()
      .skipLocked()
      .execute()
  );
}

/** The stalled import's job will run again: its file waits for it, claimed by no one. */
export async function releaseImport(db: Executor, fileId: string, jobId: string) {
  await byJobClaim(db)
    .updateTable('customer_files')
    .set({ heartbeat_at: null })
    .where('id', '=', fileId)
    .where('import_job_id', '=', jobId)
    .execute();
}
