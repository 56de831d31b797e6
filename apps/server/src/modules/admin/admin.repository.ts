import type { EmployeeRole } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countRows, pageOf } from '../../db/query-helpers.js';
import {
  CUSTOMER_COLUMNS,
  likePattern,
  topPriorityQuery,
} from '../customers/customers.repository.js';

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
  const unassigned = await countRows(
    db.selectFrom('customers').where('firm_id', '=', firmId).where('rm_id', '=', userId),
  );
  await db.deleteFrom('users').where('firm_id', '=', firmId).where('id', '=', userId).execute();
  return unassigned;
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
    pageOf(
      base
        .leftJoin('users as rm', 'rm.id', 'c.rm_id')
        .select([...CUSTOMER_COLUMNS, 'rm.name as rm_name'])
        .orderBy('c.customer_id'),
      input.page,
      input.pageSize,
    ).execute(),
    countRows(base),
  ]);
  return { rows, total };
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
  const events = db.selectFrom('audit_events').where('firm_id', '=', firmId);
  const [rows, total] = await Promise.all([
    pageOf(
      events
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
        .orderBy('id', 'desc'),
      page,
      pageSize,
    ).execute(),
    countRows(events),
  ]);
  return { rows, total };
}

export async function topPriority(db: Executor, firmId: string, limit: number) {
  return topPriorityQuery(db, firmId, limit)
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
    .execute();
}
