import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { currentSnapshotColumns, historySnapshotColumns, type SnapshotRow } from './snapshots.js';

/** The file if it is the firm's (another firm's file is as unknown as a missing one). */
export function findFirmFile(db: Executor, firmId: string, fileId: string) {
  return db
    .selectFrom('customer_files')
    .select('id')
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** The counts the file's import recorded, or undefined (not imported, or before migration 0022). */
export function fileCounts(db: Executor, firmId: string, fileId: string) {
  return db
    .selectFrom('file_changes')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

/**
 * The states the file's import recorded: the current rows it wrote, and its rows that a later
 * import superseded (their history id, to find the state before each).
 */
const statesOf = (firmId: string, fileId: string) => sql`
  select i.customer_id, i.change, i.changes, null::bigint as history_id,
    ${currentSnapshotColumns('i')}
  from customer_insights i where i.firm_id = ${firmId} and i.file_id = ${fileId}
  union all
  select h.customer_id, h.change, h.changes, h.id, ${historySnapshotColumns('h')}
  from insight_history h where h.firm_id = ${firmId} and h.file_id = ${fileId}`;

export async function countFileStates(db: Executor, firmId: string, fileId: string) {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (${statesOf(firmId, fileId)}) s`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface FileStateRow extends SnapshotRow {
  customer_id: string;
  change: 'new' | 'updated' | null;
  changes: string[];
  /** The state before, as json of the snapshot columns, or null for a new customer. */
  before: SnapshotRow | string | null;
}

/** A page of the file's states in customer_id order, each with the state it superseded. */
export async function fileStatesPage(
  db: Executor,
  firmId: string,
  fileId: string,
  page: { limit: number; offset: number },
) {
  const { rows } = await sql<FileStateRow>`
    select s.*, (
      select row_to_json(p) from (
        select ${historySnapshotColumns('h')} from insight_history h
        where h.firm_id = ${firmId} and h.customer_id = s.customer_id
          and s.change = 'updated' and (s.history_id is null or h.id < s.history_id)
        order by h.id desc limit 1
      ) p
    ) as before
    from (
      select * from (${statesOf(firmId, fileId)}) states
      order by customer_id limit ${page.limit} offset ${page.offset}
    ) s
    order by s.customer_id
  `.execute(db);
  return rows;
}
