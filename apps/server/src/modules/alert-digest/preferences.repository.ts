import type { AlertDigest } from '@behavio/contract';
import type { Executor } from '../../db/executor.js';

/** The user's alert digest preference (migration 0024); undefined when the user is gone. */
export async function readAlertDigest(
  db: Executor,
  firmId: string,
  userId: string,
): Promise<AlertDigest | undefined> {
  const row = await db
    .selectFrom('users')
    .select('alert_digest')
    .where('firm_id', '=', firmId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.alert_digest;
}

export async function setAlertDigest(
  db: Executor,
  firmId: string,
  userId: string,
  value: AlertDigest,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ alert_digest: value })
    .where('firm_id', '=', firmId)
    .where('id', '=', userId)
    .execute();
}
