import { ALERT_SEVERITIES } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';

/** The daily digest runs over every firm's users and alerts, one user at a time. */
const everyFirm = (db: Executor) =>
  withoutFirmScope(db, 'the daily digest goes through every firm’s users and alerts');

/**
 * The alerts a digest may list: unread, never in a digest, created before the run began, of a
 * user who wants the digest, is verified and whose firm exists, about a customer of the firm
 * the user may open (an RM: only their own). `p` is the alert, `u` its user. The cutoff is a
 * JavaScript date (milliseconds) and `created_at` has microseconds: an alert made in the run's
 * first millisecond counts as made before it (compared as is, it was left out, seen in CI).
 */
const digestible = (cutoff: Date) => sql`
  p.read_at is null and p.digested_at is null
  and date_trunc('milliseconds', p.created_at) <= ${cutoff}
  and u.alert_digest = 'daily' and u.verified_at is not null
  and exists (select 1 from firms f where f.id = u.firm_id)
  and exists (
    select 1 from customers c
    where c.firm_id = p.firm_id and c.customer_id = p.customer_id
      and (u.role <> 'rm' or c.rm_id = u.id)
  )`;

/** The users with alerts a digest would list now (read through alerts_digest_idx, 0024). */
export async function usersWithDigestibleAlerts(db: Executor, cutoff: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select distinct p.user_id as id
    from alerts p join users u on u.id = p.user_id and u.firm_id = p.firm_id
    where ${digestible(cutoff)}
    order by id`.execute(everyFirm(db));
  return rows.map((row) => row.id);
}

export interface ClaimedAlert {
  id: string;
  customer_id: string;
  severity: string;
  message: string;
  created_at: Date;
}

export interface DigestClaim {
  email: string;
  name: string;
  /** The claim's digested_at as PostgreSQL wrote it (to the microsecond), which names it. */
  stamp: string;
  /** The first `listLimit` claimed alerts, most severe then newest first. */
  alerts: ClaimedAlert[];
  /** Every alert claimed. */
  total: number;
}

/**
 * Claims a user's digestible alerts for one digest: marks them digested in one transaction and
 * answers them, or undefined when there are none or another run is digesting this user now.
 * A per-user transaction lock keeps two runs from splitting one user's alerts into two emails;
 * SKIP LOCKED leaves an alert another transaction is changing (being read or reassigned) to a
 * later digest instead of waiting for it.
 */
export function claimDigest(
  db: Executor,
  userId: string,
  cutoff: Date,
  listLimit: number,
): Promise<DigestClaim | undefined> {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${`behavio:alert-digest:${userId}`}, 0)) as locked`.execute(
      trx,
    );
    if (!lock.rows[0]?.locked) return undefined;
    const user = await everyFirm(trx)
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const { rows } = await sql<ClaimedAlert & { stamp: string; total: string }>`
      with claimed as (
        update alerts a set digested_at = now()
        where a.id in (
          select p.id from alerts p join users u on u.id = p.user_id and u.firm_id = p.firm_id
          where p.user_id = ${userId} and ${digestible(cutoff)}
          for update of p skip locked
        )
        returning a.id, a.customer_id, a.severity, a.message, a.created_at, a.digested_at
      )
      select id, customer_id, severity, message, created_at, digested_at::text as stamp,
        count(*) over () as total
      from claimed
      order by array_position(array[${sql.join(ALERT_SEVERITIES)}]::text[], severity),
        created_at desc, id
      limit ${listLimit}`.execute(everyFirm(trx));
    const first = rows[0];
    if (!first) return undefined;
    return {
      ...user,
      stamp: first.stamp,
      total: Number(first.total),
      alerts: rows.map(({ id, customer_id, severity, message, created_at }) => ({
        id,
        customer_id,
        severity,
        message,
        created_at,
      })),
    };
  });
}

/** Gives a claim's alerts back to the next digest (its email could not be sent). */
export async function releaseClaim(db: Executor, userId: string, stamp: string): Promise<void> {
  await sql`
    update alerts set digested_at = null
    where user_id = ${userId} and digested_at = ${stamp}::timestamptz`.execute(everyFirm(db));
}
