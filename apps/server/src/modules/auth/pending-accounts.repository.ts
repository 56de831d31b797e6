import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';

/** A registration is found by its email (before any firm is known), the sweep across firms. */
const beforeTheFirmIsKnown = (db: Executor) =>
  withoutFirmScope(db, 'a pending registration is found by email; the sweep spans firms');

/**
 * How long a registration may wait for its email to be verified (docs/security.md, "Account
 * pre-hijacking"). Past it the pending account counts as unknown (login, verify, resend and
 * password reset answer as for an email nobody registered) and the daily maintenance job
 * removes it with its firm.
 */
export const UNVERIFIED_ACCOUNT_TTL_DAYS = 7;

/** Whether a user row is a registration left unverified for longer than the TTL. */
export const pendingExpired = sql<boolean>`(verified_at is null and created_at < now() - make_interval(days => ${UNVERIFIED_ACCOUNT_TTL_DAYS}))`;

/**
 * Removes the pending (unverified) registration of this admin email, with its firm, in the
 * caller's transaction, so that a new registration of the email starts afresh: nothing of the earlier registrant's password,
 * details or codes survives. A pending firm holds nothing but its seeded shelf (an unverified
 * admin cannot sign in), and every table of a firm is deleted with it (on delete cascade).
 * Answers whether there was one.
 */
export async function removePendingRegistration(db: Executor, email: string): Promise<boolean> {
  // Locked first: a verification committing meanwhile is waited for and then seen, so an
  // account verified at this very moment is never removed.
  const pending = await beforeTheFirmIsKnown(db)
    .selectFrom('users')
    .select('firm_id')
    .where('role', '=', 'admin')
    .where('email', '=', email)
    .where('verified_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!pending) return false;
  await db.deleteFrom('firms').where('id', '=', pending.firm_id).execute();
  return true;
}

/** The daily sweep: every registration left unverified past the TTL goes, with its firm. */
export async function removeExpiredRegistrations(db: Executor): Promise<number> {
  const removed = await beforeTheFirmIsKnown(db)
    .deleteFrom('firms')
    .where('id', 'in', (eb) =>
      eb.selectFrom('users').select('firm_id').where('role', '=', 'admin').where(pendingExpired),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
