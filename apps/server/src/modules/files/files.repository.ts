import type { Executor } from '../../db/executor.js';

/** Files that count against the plan: imported or importing. A failed file does not use it up. */
export async function countActiveFiles(db: Executor, firmId: string): Promise<number> {
  const row = await db
    .selectFrom('customer_files')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('firm_id', '=', firmId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
