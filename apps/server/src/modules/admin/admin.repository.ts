import type { AuditFilters, EmployeeRole } from '@behavio/contract';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countRows } from '../../db/query-helpers.js';
import { filteredAuditEvents } from './list-tools.repository.js';
import { readCustomerListIndex } from '../customers/customer-list-index.js';
import {
  CUSTOMER_COLUMNS,
  likePattern,
  topPriorityQuery,
} from '../customers/customers.repository.js';
import { needsReviewSql } from '../analytics/needs-review.js';

/** An RM of the firm, by id (undefined for anyone else). */
export async function findRm(db: Executor, firmId: string, rmId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('firm_id', '=', firmId)
    .where('id', '=', rmId)
    .where('role', '=', 'rm')
    .executeTakeFirst();
}

/** The firm's customers among `ids`, with their RM, locked until the transaction ends. */
export async function lockCustomers(db: Executor, firmId: string, ids: string[]) {
  return db
    .selectFrom('customers')
    .select(['customer_id', 'rm_id'])
    .where('firm_id', '=', firmId)
    .where('customer_id', 'in', ids)
    .forUpdate()
    .execute();
}

/** The names of the firm's users among `ids` (an RM deleted since is simply missing). */
export async function userNames(db: Executor, firmId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('firm_id', '=', firmId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

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

/** The firm's customers (`c`), narrowed further by the callers below. */
const firmCustomersOf = (db: Executor, firmId: string) =>
  db.selectFrom('customers as c').where('c.firm_id', '=', firmId);
type FirmCustomers = ReturnType<typeof firmCustomersOf>;

/** `size` customers of `query` in customer_id order after skipping `skip`, with their RM. */
const pageOfCustomers = (query: FirmCustomers, skip: number, size: number) =>
  query
    .leftJoin('users as rm', (join) =>
      join.onRef('rm.firm_id', '=', 'c.firm_id').onRef('rm.id', '=', 'c.rm_id'),
    )
    .select([...CUSTOMER_COLUMNS, 'rm.name as rm_name', needsReviewSql('c').as('needs_review')])
    .orderBy('c.customer_id')
    .limit(size)
    .offset(skip);

/**
 * A page of the firm's customers in customer_id order, with the total. Without a search the
 * firm's summary gives the total and a key to start the page from; a search matches the
 * customer_id through the trigram index and the country against the firm's own countries.
 */
export async function listCustomersPage(
  db: Executor,
  input: { firmId: string; page: number; pageSize: number; search?: string | undefined },
) {
  const offset = (input.page - 1) * input.pageSize;
  const index = await readCustomerListIndex(db, input.firmId, offset);
  const customers = firmCustomersOf(db, input.firmId);
  if (!input.search) {
    if (offset >= index.total) return { rows: [], total: index.total };
    const from = index.anchor;
    const rows = await pageOfCustomers(
      from ? customers.where('c.customer_id', '>=', from.customerId) : customers,
      offset - (from?.position ?? 0),
      input.pageSize,
    ).execute();
    return { rows, total: index.total };
  }
  const needle = input.search.toLowerCase();
  const countries = Object.keys(index.countryCounts).filter((c) =>
    c.toLowerCase().includes(needle),
  );
  const pattern = likePattern(input.search);
  if (countries.length === 0) {
    const idMatches = customers.where('c.customer_id', 'ilike', pattern);
    return idSearchPage(idMatches, offset, input.pageSize);
  }
  const byCountry = countries.reduce((sum, c) => sum + (index.countryCounts[c] ?? 0), 0);
  return countrySearchPage({ customers, pattern, countries, byCountry }, offset, input.pageSize);
}

/**
 * Ids matching a search are usually few: one pass gives the page and, unless the page is past
 * the end, the count.
 */
async function idSearchPage(idMatches: FirmCustomers, offset: number, size: number) {
  const counted = await pageOfCustomers(idMatches, offset, size)
    .select(sql<string | number>`count(*) over ()`.as('matches'))
    .execute();
  const total = counted[0] ? Number(counted[0].matches) : await countRows(idMatches);
  return { rows: counted.map(({ matches: _matches, ...row }) => row), total };
}

/**
 * Customers of a matching country are counted by the summary (`byCountry`); only the ids that
 * match outside those countries are counted here (the trigram index makes that cheap). When
 * there are none, the usual case for a country search, the page reads the matching countries
 * alone, in customer_id order from the (firm, country, customer_id) index.
 */
async function countrySearchPage(
  search: { customers: FirmCustomers; pattern: string; countries: string[]; byCountry: number },
  offset: number,
  size: number,
) {
  const { customers, pattern, countries, byCountry } = search;
  const idMatches = customers.where('c.customer_id', 'ilike', pattern);
  // One country as `=`: an `any` over the index's middle column loses its customer_id order.
  const inCountries =
    countries.length === 1
      ? sql<SqlBool>`c.country_iso = ${countries[0]}`
      : sql<SqlBool>`c.country_iso = any(${countries}::bpchar[])`;
  const idOnly = await countRows(idMatches.where(sql<SqlBool>`not (${inCountries})`));
  const matching =
    idOnly === 0
      ? customers.where(inCountries)
      : customers.where((eb) => eb.or([eb('c.customer_id', 'ilike', pattern), inCountries]));
  return {
    rows: await pageOfCustomers(matching, offset, size).execute(),
    total: byCountry + idOnly,
  };
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

/** The columns of an audit event as the log answers it. */
const AUDIT_COLUMNS = [
  'id',
  'actor_email',
  'actor_role',
  'action',
  'subject_type',
  'subject_id',
  'before',
  'after',
  'created_at',
] as const;

/** `size` of the events the filters keep after skipping `offset`, newest first. */
export function auditEventsAt(
  db: Executor,
  firmId: string,
  filters: AuditFilters,
  offset: number,
  size: number,
) {
  return filteredAuditEvents(db, firmId, filters)
    .select(AUDIT_COLUMNS)
    .orderBy('id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
}

export async function auditPage(
  db: Executor,
  firmId: string,
  query: AuditFilters & { page: number; page_size: number },
) {
  const [rows, total] = await Promise.all([
    auditEventsAt(db, firmId, query, (query.page - 1) * query.page_size, query.page_size),
    countRows(filteredAuditEvents(db, firmId, query)),
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
      'i.recommended_products',
      'rm.name as rm_name',
      needsReviewSql('c').as('needs_review'),
    ])
    .execute();
}

/** The firm's customers awaiting a review (a vulnerability flag raised): one scan of the firm. */
export async function countAwaitingReview(db: Executor, firmId: string): Promise<number> {
  const row = await db
    .selectFrom('customers as c')
    .select(sql<string | number>`count(*)`.as('n'))
    .where('c.firm_id', '=', firmId)
    .where(needsReviewSql('c'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
