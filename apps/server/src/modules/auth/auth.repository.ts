import type { EmployeeRole, Plan, Role } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';
import { pendingExpired } from './pending-accounts.repository.js';

/**
 * Signing in, verifying and resetting a password find the account before anyone's firm is known
 * (an admin's email is unique across firms): these lookups read every firm's users.
 */
const beforeTheFirmIsKnown = (db: Executor) =>
  withoutFirmScope(db, 'sign-in, verification and password reset find the account by email');

/** The admin with this email; `expired` for a registration left unverified too long. */
export async function findAdminByEmail(db: Executor, email: string) {
  return beforeTheFirmIsKnown(db)
    .selectFrom('users')
    .select(['id', 'firm_id', 'role', 'email', 'password_hash', 'verified_at', 'session_epoch'])
    .select(pendingExpired.as('expired'))
    .where('role', '=', 'admin')
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findEmployeeOfAdmin(
  db: Executor,
  input: { adminEmail: string; email: string; role: EmployeeRole },
) {
  return beforeTheFirmIsKnown(db)
    .selectFrom('users as u')
    .innerJoin('users as admin', (join) =>
      join.onRef('admin.firm_id', '=', 'u.firm_id').on('admin.role', '=', 'admin'),
    )
    .select([
      'u.id',
      'u.firm_id',
      'u.password_hash',
      'u.session_epoch',
      'admin.verified_at as admin_verified_at',
    ])
    .where('admin.email', '=', input.adminEmail)
    .where('u.email', '=', input.email)
    .where('u.role', '=', input.role)
    .executeTakeFirst();
}

/**
 * The account a password reset names: the admin with this email, or, with the admin's email,
 * the employee of that admin's firm (an employee's email is unique within the firm).
 */
export async function findAccount(
  db: Executor,
  input: { email: string; adminEmail?: string | undefined },
) {
  const { adminEmail } = input;
  if (!adminEmail) return findAdminByEmail(db, input.email);
  return beforeTheFirmIsKnown(db)
    .selectFrom('users as u')
    .innerJoin('users as admin', (join) =>
      join.onRef('admin.firm_id', '=', 'u.firm_id').on('admin.role', '=', 'admin'),
    )
    .select(['u.id', 'u.firm_id', 'u.role', 'u.email', 'u.verified_at'])
    .select(sql<boolean>`false`.as('expired'))
    .where('admin.email', '=', adminEmail)
    .where('u.email', '=', input.email)
    .where('u.role', '!=', 'admin')
    .executeTakeFirst();
}

/** The signed-in user's password hash, for a password change. */
export async function findUserCredentials(db: Executor, userId: string, firmId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'firm_id', 'role', 'email', 'password_hash'])
    .where('id', '=', userId)
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
}

export async function createFirmWithAdmin(
  db: Executor,
  input: {
    name: string;
    email: string;
    passwordHash: string;
    businessName: string;
    employeeCount: number;
  },
) {
  const firm = await db
    .insertInto('firms')
    .values({
      name: input.businessName || input.name,
      business_name: input.businessName,
      employee_count: input.employeeCount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('users')
    .values({
      firm_id: firm.id,
      role: 'admin',
      name: input.name,
      email: input.email,
      password_hash: input.passwordHash,
      verified_at: null,
    })
    .returning(['id', 'firm_id'])
    .executeTakeFirstOrThrow();
}

export async function markVerified(db: Executor, userId: string) {
  await beforeTheFirmIsKnown(db)
    .updateTable('users')
    .set({ verified_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export interface SessionUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  firm_id: string;
  business_name: string;
  firm_name: string;
  plan: Plan;
  credits: number;
  admin_email: string;
}

export interface SessionCheckRow extends SessionUserRow {
  session_epoch: number;
  revoked: boolean;
}

/** The signed-in user with the firm facts every permission check needs, in one query. */
export async function findSessionUser(
  db: Executor,
  userId: string,
  firmId: string,
): Promise<SessionUserRow | undefined> {
  return sessionUserQuery(db, userId, firmId).executeTakeFirst();
}

/**
 * The session user and whether this token was revoked, still in one query: the access hook runs
 * it on every request, and the revocation check is one primary-key probe of revoked_tokens.
 */
export async function findSessionForToken(
  db: Executor,
  token: { userId: string; firmId: string; tokenId: string },
): Promise<SessionCheckRow | undefined> {
  return sessionUserQuery(db, token.userId, token.firmId)
    .select((eb) => [
      'u.session_epoch',
      eb
        .exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', token.tokenId))
        .$castTo<boolean>()
        .as('revoked'),
    ])
    .executeTakeFirst();
}

function sessionUserQuery(db: Executor, userId: string, firmId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('firms as f', 'f.id', 'u.firm_id')
    .innerJoin('users as admin', (join) =>
      join.onRef('admin.firm_id', '=', 'u.firm_id').on('admin.role', '=', 'admin'),
    )
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.firm_id',
      'u.credits',
      'f.business_name',
      'f.name as firm_name',
      'f.plan',
      'admin.email as admin_email',
    ])
    .where('u.id', '=', userId)
    .where('u.firm_id', '=', firmId);
}

/** Ends one token (logout) until it would have expired anyway; revoking twice is harmless. */
export async function revokeToken(
  db: Executor,
  token: { tokenId: string; userId: string; expiresAt: Date },
) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: token.tokenId, user_id: token.userId, expires_at: token.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** A revoked token past its expiry is refused by its signature check alone: forget it. */
export async function pruneRevokedTokens(db: Executor, now = new Date()) {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
}

/**
 * Sets a new password and ends every earlier session of the user (their tokens carry the old
 * epoch); answers the new epoch, for the token of the session that made the change. With
 * `expectedHash`, only while the password is still that one (undefined otherwise).
 */
export async function replacePassword(
  db: Executor,
  userId: string,
  input: { passwordHash: string; expectedHash?: string },
): Promise<number | undefined> {
  let update = beforeTheFirmIsKnown(db)
    .updateTable('users')
    .set({ password_hash: input.passwordHash, session_epoch: sql`session_epoch + 1` })
    .where('id', '=', userId);
  if (input.expectedHash !== undefined)
    update = update.where('password_hash', '=', input.expectedHash);
  const row = await update.returning('session_epoch').executeTakeFirst();
  return row?.session_epoch;
}
