import type { EmployeeRole, Plan, Role } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

export async function findAdminByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'firm_id', 'password_hash', 'verified_at'])
    .where('role', '=', 'admin')
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findEmployeeOfAdmin(
  db: Executor,
  input: { adminEmail: string; email: string; role: EmployeeRole },
) {
  return db
    .selectFrom('users as u')
    .innerJoin('users as admin', (join) =>
      join.onRef('admin.firm_id', '=', 'u.firm_id').on('admin.role', '=', 'admin'),
    )
    .select(['u.id', 'u.firm_id', 'u.password_hash', 'admin.verified_at as admin_verified_at'])
    .where('admin.email', '=', input.adminEmail)
    .where('u.email', '=', input.email)
    .where('u.role', '=', input.role)
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

export async function saveVerificationCode(
  db: Executor,
  input: { userId: string; codeHash: string; expiresAt: Date },
) {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: input.userId,
      code_hash: input.codeHash,
      expires_at: input.expiresAt,
      attempts: 0,
      sent_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        code_hash: input.codeHash,
        expires_at: input.expiresAt,
        attempts: 0,
        sent_at: sql`now()`,
      }),
    )
    .execute();
}

export async function findVerification(db: Executor, userId: string) {
  return db
    .selectFrom('email_verifications')
    .select(['code_hash', 'expires_at', 'attempts', 'sent_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Atomic, so parallel wrong guesses cannot exceed the attempt budget. Returns the new count. */
export async function recordFailedAttempt(
  db: Executor,
  userId: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('email_verifications')
    .set({ attempts: sql`attempts + 1` })
    .where('user_id', '=', userId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export async function deleteVerification(db: Executor, userId: string) {
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}

export async function markVerified(db: Executor, userId: string) {
  await db
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

/** The signed-in user with the firm facts every permission check needs, in one query. */
export async function findSessionUser(
  db: Executor,
  userId: string,
  firmId: string,
): Promise<SessionUserRow | undefined> {
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
    .where('u.firm_id', '=', firmId)
    .executeTakeFirst();
}
