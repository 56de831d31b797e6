import type { EmployeeRole } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { likePattern } from '../analytics/book.repository.js';

export async function listEmployees(db: Executor, firmId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'created_at'])
    .where('firm_id', '=', firmId)
    .orderBy(sql`role = 'admin'`, 'desc')
    .orderBy('name')
    .orderBy('email')
    .execute();
}

export async function findEmployeeByEmail(db: Executor, firmId: string, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'created_at'])
    .where('firm_id', '=', firmId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertEmployee(
  db: Executor,
  values: { firmId: string; name: string; email: string; passwordHash: string; role: EmployeeRole },
) {
  return db
    .insertInto('users')
    .values({
      firm_id: values.firmId,
      name: values.name,
      email: values.email,
      password_hash: values.passwordHash,
      role: values.role,
      verified_at: new Date(),
    })
    .returning(['id', 'name', 'email', 'role', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Deleting a user unassigns their customers through the foreign key (on delete set null). */
export async function deleteEmployee(db: Executor, firmId: string, userId: string) {
  const unassigned = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('firm_id', '=', firmId)
    .where('rm_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('users').where('firm_id', '=', firmId).where('id', '=', userId).execute();
  return Number(unassigned.n);
}

export async function listCustomersPage(
  db: Executor,
  input: { firmId: string; page: number; pageSize: number; search?: string | undefined },
) {
  let base = db.selectFrom('customers as c').where('c.firm_id', '=', input.firmId);
  if (input.search) {
    const pattern = likePattern(input.search);
    base = base.where((eb) =>
      eb.or([eb('c.customer_id', 'ilike', pattern), eb('c.country_iso', 'ilike', pattern)]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as rm', 'rm.id', 'c.rm_id')
      .select([
        'c.customer_id',
        'c.country_iso',
        'c.age',
        'c.risk_profile',
        'c.experience_years',
        'c.cash_pct',
        'c.etf_pct',
        'c.single_stock_pct',
        'c.leverage_ratio',
        'c.created_at',
        'c.rm_id',
        'rm.name as rm_name',
      ])
      .orderBy('c.customer_id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function listRms(db: Executor, firmId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('customers as c', (join) =>
      join.onRef('c.firm_id', '=', 'u.firm_id').onRef('c.rm_id', '=', 'u.id'),
    )
    .select([
      'u.id',
      'u.name',
      'u.email',
      (eb) => eb.fn.count<string | number>('c.customer_id').as('customer_count'),
    ])
    .where('u.firm_id', '=', firmId)
    .where('u.role', '=', 'rm')
    .groupBy(['u.id', 'u.name', 'u.email'])
    .orderBy('u.name')
    .execute();
}

export async function findCustomerForUpdate(db: Executor, firmId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['customer_id', 'rm_id'])
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setRm(db: Executor, firmId: string, customerIds: string[], rmId: string) {
  if (customerIds.length === 0) return 0;
  const result = await db
    .updateTable('customers')
    .set({ rm_id: rmId, updated_at: sql`now()` })
    .where('firm_id', '=', firmId)
    .where('customer_id', 'in', customerIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function unassignedCustomerIds(db: Executor, firmId: string) {
  const rows = await db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .where('rm_id', 'is', null)
    .orderBy('customer_id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.customer_id);
}

export async function auditPage(db: Executor, firmId: string, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('audit_events')
      .select([
        'id',
        'actor_email',
        'actor_role',
        'action',
        'subject_type',
        'subject_id',
        'before',
        'after',
        'created_at',
      ])
      .where('firm_id', '=', firmId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('firm_id', '=', firmId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Counts by one insight column across the firm, in one grouped query. */
export async function insightCounts(
  db: Executor,
  firmId: string,
  column: 'risk_level' | 'segment' | 'urgency_level',
) {
  const rows = await db
    .selectFrom('customer_insights')
    .select([column, (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('firm_id', '=', firmId)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [String((r as Record<string, unknown>)[column]), Number(r.n)]));
}

export async function assignmentCounts(db: Executor, firmId: string) {
  const row = await db
    .selectFrom('customers')
    .select([
      (eb) => eb.fn.countAll<string | number>().as('total'),
      (eb) => eb.fn.count<string | number>('rm_id').as('assigned'),
    ])
    .where('firm_id', '=', firmId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), assigned: Number(row.assigned) };
}

export async function topPriority(db: Executor, firmId: string, limit: number) {
  return db
    .selectFrom('customer_insights as i')
    .innerJoin('customers as c', (join) =>
      join.onRef('c.firm_id', '=', 'i.firm_id').onRef('c.customer_id', '=', 'i.customer_id'),
    )
    .leftJoin('users as rm', 'rm.id', 'c.rm_id')
    .select([
      'c.customer_id',
      'c.country_iso',
      'c.age',
      'c.risk_profile',
      'i.urgency_level',
      'i.priority_score',
      'i.recommended_action',
      'i.why',
      'i.risk_level',
      'i.segment',
      'rm.name as rm_name',
    ])
    .where('i.firm_id', '=', firmId)
    .orderBy('i.priority_score', 'desc')
    .orderBy('c.customer_id')
    .limit(limit)
    .execute();
}
