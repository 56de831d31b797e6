import type { Executor } from '../../db/executor.js';
import { countRows } from '../../db/query-helpers.js';

/** Files that count against the plan: imported or importing. A failed file does not use it up. */
export async function countActiveFiles(db: Executor, firmId: string): Promise<number> {
  return countRows(
    db.selectFrom('customer_files').where('firm_id', '=', firmId).where('status', '!=', 'failed'),
  );
}
