import { CALLS_PER_DAY_DEFAULT } from '@behavio/contract';
import type { Executor } from '../../db/executor.js';

/** The firm's daily call capacity and the user's own, each null when not set (migration 0019). */
export interface CapacitySettings {
  firm: number | null;
  own: number | null;
}

/** What sizes the user's call list: their own setting, else the firm's, else the default. */
export const effectiveCapacity = (settings: CapacitySettings) =>
  settings.own ?? settings.firm ?? CALLS_PER_DAY_DEFAULT;

export async function readCapacity(
  db: Executor,
  firmId: string,
  userId: string,
): Promise<CapacitySettings> {
  const row = await db
    .selectFrom('firms as f')
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'f.id').on('u.id', '=', userId).on('u.role', '=', 'rm'),
    )
    .select(['f.calls_per_day as firm', 'u.calls_per_day as own'])
    .where('f.id', '=', firmId)
    .executeTakeFirstOrThrow();
  return { firm: row.firm, own: row.own ?? null };
}

export async function setFirmCapacity(db: Executor, firmId: string, value: number | null) {
  await db.updateTable('firms').set({ calls_per_day: value }).where('id', '=', firmId).execute();
}

export async function setOwnCapacity(
  db: Executor,
  firmId: string,
  userId: string,
  value: number | null,
) {
  await db
    .updateTable('users')
    .set({ calls_per_day: value })
    .where('firm_id', '=', firmId)
    .where('id', '=', userId)
    .execute();
}
