import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * Takes `amount` credits if the user has them: one conditional UPDATE, so concurrent debits
 * never overdraw (each waits for the row and re-checks the balance), plus the ledger row, in the
 * caller's transaction. Answers the balance left, or undefined when there were not enough.
 */
export async function debitCredits(
  trx: Executor,
  input: { userId: string; firmId: string; amount: number; reason: string },
): Promise<number | undefined> {
  const row = await trx
    .updateTable('users')
    .set({ credits: sql`credits - ${input.amount}` })
    .where('id', '=', input.userId)
    .where('firm_id', '=', input.firmId)
    .where('credits', '>=', input.amount)
    .returning('credits')
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .insertInto('credit_ledger')
    .values({
      firm_id: input.firmId,
      user_id: input.userId,
      delta: -input.amount,
      reason: input.reason,
      balance_after: row.credits,
    })
    .execute();
  return row.credits;
}

export async function creditBalance(db: Executor, userId: string, firmId: string) {
  const row = await db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  return row?.credits ?? 0;
}
