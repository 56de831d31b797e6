import {
  CHANGE_KINDS,
  FILE_CHANGES_MESSAGES,
  type ChangeKind,
  type FileChangesResponse,
  type HistoryEntry,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import * as repo from './changes.repository.js';
import { customerHistory } from './history.repository.js';
import { toSnapshot, type SnapshotRow } from './snapshots.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What changed on each import, and each customer's history (issue 19, items 1 and 2;
 * docs/changes-and-alerts.md). The import records both in its final transaction.
 */
export class ChangesService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The customer's recorded states, newest first; the caller has checked who may see them. */
  historyOf(db: Executor, firmId: string, customerId: string): Promise<HistoryEntry[]> {
    return customerHistory(db, firmId, customerId);
  }

  /** The counts of the file's import and a page of the customers it created or changed. */
  async fileChanges(
    principal: Principal,
    fileId: string,
    page: { limit: number; offset: number },
  ): Promise<FileChangesResponse> {
    const { firmId } = principal;
    // Not a uuid: no file has that id, and the query would fail on the cast.
    if (!UUID.test(fileId) || !(await repo.findFirmFile(this.db, firmId, fileId)))
      throw notFound(FILE_CHANGES_MESSAGES.notFound);
    const [counts, total, rows] = await Promise.all([
      repo.fileCounts(this.db, firmId, fileId),
      repo.countFileStates(this.db, firmId, fileId),
      repo.fileStatesPage(this.db, firmId, fileId, page),
    ]);
    const changes = Object.fromEntries(
      CHANGE_KINDS.map((kind) => [kind, counts?.[kind] ?? 0]),
    ) as FileChangesResponse['changes'];
    return {
      file_id: fileId,
      new_customers: counts?.new_customers ?? 0,
      updated: counts?.updated ?? 0,
      unchanged: counts?.unchanged ?? 0,
      removed: counts?.removed ?? 0,
      changes,
      items: rows.map((row) => ({
        customer_id: row.customer_id,
        change: row.change === 'updated' ? 'updated' : 'new',
        kinds: row.changes as ChangeKind[],
        before: row.before === null ? null : toSnapshot(parsedRow(row.before)),
        after: toSnapshot(row),
      })),
      total_items: total,
    };
  }
}

const parsedRow = (value: SnapshotRow | string): SnapshotRow =>
  typeof value === 'string' ? (JSON.parse(value) as SnapshotRow) : value;
