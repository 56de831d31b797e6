import type { HistoryEntry } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import {
  currentSnapshotColumns,
  fileSourceOf,
  historySnapshotColumns,
  toHistoryEntry,
  type HistoryRow,
} from './snapshots.js';

/**
 * A customer's history, newest first: their current insight (the newest state) and the states
 * imports superseded. The caller has checked that the customer is the reader's to see.
 */
export async function customerHistory(
  db: Executor,
  firmId: string,
  customerId: string,
): Promise<HistoryEntry[]> {
  const { rows } = await sql<HistoryRow>`
    select s.*, ${fileSourceOf('f')} as source
    from (
      select ${currentSnapshotColumns('i')}, i.file_id, i.changes,
        i.computed_at as recorded_at, 0 as superseded
      from customer_insights i
      where i.firm_id = ${firmId} and i.customer_id = ${customerId}
      union all
      select ${historySnapshotColumns('h')}, h.file_id, h.changes, h.recorded_at, 1
      from insight_history h
      where h.firm_id = ${firmId} and h.customer_id = ${customerId}
    ) s
    left join customer_files f on f.id = s.file_id
    order by s.recorded_at desc, s.superseded
  `.execute(db);
  return rows.map(toHistoryEntry);
}
