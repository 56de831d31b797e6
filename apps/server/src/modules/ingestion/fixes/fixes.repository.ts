import type { RowProblem } from '@behavio/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../../db/executor.js';
import type { Database } from '../../../db/schema.js';

/**
 * The file a fix writes to, locked until the fix commits: a second fix of the same file waits
 * here and then sees the rows the first one fixed (`fixed_rows`), so no row is counted twice.
 */
export async function lockFileForFix(trx: Transaction<Database>, firmId: string, fileId: string) {
  return trx
    .selectFrom('customer_files')
    .select(['status', 'problems', 'fixed_rows'])
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .forUpdate()
    .executeTakeFirst();
}

/** The fixed rows move from the rejected count to the accepted one; their problems go. */
export async function recordFix(
  trx: Transaction<Database>,
  firmId: string,
  fileId: string,
  fix: { rows: readonly number[]; problems: RowProblem[] },
) {
  const n = fix.rows.length;
  return trx
    .updateTable('customer_files')
    .set({
      accepted_rows: sql`accepted_rows + ${n}`,
      rejected_rows: sql`rejected_rows - ${n}`,
      // Integers checked by the contract: one array parameter, as text, on pg and PGlite alike.
      fixed_rows: sql`fixed_rows || ${`{${fix.rows.join(',')}}`}::integer[]`,
      problems: JSON.stringify(fix.problems),
    })
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .returning(['accepted_rows', 'rejected_rows'])
    .executeTakeFirstOrThrow();
}

/** The rows fixed so far, read again after a fix commits to rewrite the report without them. */
export async function fixedRowsOf(db: Executor, firmId: string, fileId: string) {
  const file = await db
    .selectFrom('customer_files')
    .select('fixed_rows')
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  return file?.fixed_rows;
}
