import type { AlertStatus } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { alertRecipients } from './import-alerts.js';

/** Whose alerts: the user, and whether they are an RM (who sees only their own customers'). */
export interface Reader {
  firmId: string;
  userId: string;
  isRm: boolean;
}

const ALERT_COLUMNS = [
  'a.id as alert_id',
  'a.customer_id',
  'a.kind',
  'a.severity',
  'a.message',
  'a.created_at',
  'a.read_at',
  'a.file_id',
] as const;

/**
 * The reader's alerts. An RM's are also narrowed to the customers in their book now: their
 * unread alerts move with a reassignment, and the read ones about a customer who left them
 * stay out of sight.
 */
function readersAlerts(db: Executor, reader: Reader, unreadOnly: boolean) {
  let query = db
    .selectFrom('alerts as a')
    .where('a.firm_id', '=', reader.firmId)
    .where('a.user_id', '=', reader.userId);
  if (unreadOnly) query = query.where('a.read_at', 'is', null);
  if (reader.isRm)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('customers as c')
          .select(sql`1`.as('one'))
          .whereRef('c.firm_id', '=', 'a.firm_id')
          .whereRef('c.customer_id', '=', 'a.customer_id')
          .where('c.rm_id', '=', reader.userId),
      ),
    );
  return query;
}

export function listAlerts(
  db: Executor,
  reader: Reader,
  page: { status: AlertStatus; limit: number; offset: number },
) {
  return readersAlerts(db, reader, page.status === 'unread')
    .select(ALERT_COLUMNS)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type AlertRow = Awaited<ReturnType<typeof listAlerts>>[number];

export async function unreadCount(db: Executor, reader: Reader): Promise<number> {
  const row = await readersAlerts(db, reader, true)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the reader's alerts read (once: a second call keeps the first time). */
export async function markRead(db: Executor, reader: Reader, alertId: string) {
  const visible = await readersAlerts(db, reader, false)
    .select('a.id')
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!visible) return undefined;
  return db
    .updateTable('alerts as a')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('a.firm_id', '=', reader.firmId)
    .where('a.id', '=', alertId)
    .returning(ALERT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Marks every unread alert of the reader read: answers how many. */
export async function markAllRead(db: Executor, reader: Reader): Promise<number> {
  const ids = readersAlerts(db, reader, true).select('a.id');
  const result = await db
    .updateTable('alerts')
    .set({ read_at: sql<Date>`now()` })
    .where('firm_id', '=', reader.firmId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * After customers changed hands: each unread alert held by someone who is no longer the
 * customer's recipient (their RM, or the admins when they have none) moves to whoever is. The
 * alert is written anew for its new reader (unread, not yet in any digest of theirs).
 * `customerIds` narrows the work to those customers; without it the whole firm is checked.
 */
export async function moveOpenAlerts(
  db: Executor,
  firmId: string,
  customerIds?: readonly string[],
): Promise<void> {
  if (customerIds?.length === 0) return;
  const only = customerIds ? sql`and a.customer_id = any(${[...customerIds]}::text[])` : sql``;
  await sql`
    with stale as (
      delete from alerts a using customers c
      where a.firm_id = ${firmId} and a.read_at is null ${only}
        and c.firm_id = a.firm_id and c.customer_id = a.customer_id
        and a.user_id not in (select r.user_id from ${alertRecipients(firmId, sql.ref('c.rm_id'))} r)
      returning a.customer_id, a.kind, a.severity, a.message, a.file_id, a.created_at, c.rm_id
    )
    insert into alerts (firm_id, user_id, customer_id, kind, severity, message, file_id,
      created_at)
    select distinct ${firmId}::uuid, r.user_id, s.customer_id, s.kind, s.severity, s.message,
      s.file_id, s.created_at
    from stale s
    cross join lateral ${alertRecipients(firmId, sql.ref('s.rm_id'))} r
  `.execute(db);
}

/** Before a user is deleted: their unread alerts go to the firm's admins (their customers' now). */
export async function handOverToAdmins(db: Executor, firmId: string, userId: string) {
  await sql`
    insert into alerts (firm_id, user_id, customer_id, kind, severity, message, file_id,
      created_at)
    select a.firm_id, u.id, a.customer_id, a.kind, a.severity, a.message, a.file_id, a.created_at
    from alerts a
    join users u on u.firm_id = a.firm_id and u.role = 'admin' and u.id <> a.user_id
    where a.firm_id = ${firmId} and a.user_id = ${userId} and a.read_at is null
  `.execute(db);
}
