import type { AuditFilters, CustomerListTools } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countRows } from '../../db/query-helpers.js';
import { hasInsightFilter, insightFilter, sortedOrder } from '../../db/list-query.js';
import { CUSTOMER_COLUMNS, likePattern } from '../customers/customers.repository.js';
import { needsReviewSql } from '../analytics/needs-review.js';

/*
 * The admin's customer list and the audit log with the list tools (issue 20): sorted by a
 * column, filtered, and read a page or an export chunk at a time. Without any tool the customer
 * list keeps its fast path (admin.repository's listCustomersPage).
 */

export const usesCustomerTools = (tools: CustomerListTools) =>
  Boolean(tools.sort) || hasInsightFilter(tools) || tools.unassigned === true;

/** A sort key of CUSTOMER_LIST_SORTS as a column: the RM's name, or the customer's own. */
const customerColumn = (key: string) => (key === 'rm_name' ? 'rm.name' : `c.${key}`);

/** The firm's customers that the search and filters keep, with their RM's name (`rm`). */
function filteredCustomers(
  db: Executor,
  firmId: string,
  query: CustomerListTools & { search?: string | undefined },
) {
  let customers = db
    .selectFrom('customers as c')
    .leftJoin('users as rm', (join) =>
      join.onRef('rm.firm_id', '=', 'c.firm_id').onRef('rm.id', '=', 'c.rm_id'),
    )
    .where('c.firm_id', '=', firmId);
  if (hasInsightFilter(query)) {
    customers = customers.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_insights as i')
          .select(sql`1`.as('one'))
          .whereRef('i.firm_id', '=', 'c.firm_id')
          .whereRef('i.customer_id', '=', 'c.customer_id')
          .where(insightFilter(query, 'i')),
      ),
    );
  }
  if (query.unassigned) customers = customers.where('c.rm_id', 'is', null);
  if (query.search) {
    const pattern = likePattern(query.search);
    customers = customers.where((eb) =>
      eb.or([eb('c.customer_id', 'ilike', pattern), eb('c.country_iso', 'ilike', pattern)]),
    );
  }
  return customers;
}

/** Rows `offset` to `offset + size` of the filtered list, in its sort (ties by customer id). */
export function filteredCustomersPage(
  db: Executor,
  firmId: string,
  query: CustomerListTools & { search?: string | undefined },
  offset: number,
  size: number,
) {
  return filteredCustomers(db, firmId, query)
    .select([...CUSTOMER_COLUMNS, 'rm.name as rm_name', needsReviewSql('c').as('needs_review')])
    .orderBy(sortedOrder(query, customerColumn, sql`c.customer_id`))
    .limit(size)
    .offset(offset)
    .execute();
}

export const countFilteredCustomers = (
  db: Executor,
  firmId: string,
  query: CustomerListTools & { search?: string | undefined },
) => countRows(filteredCustomers(db, firmId, query));

/** The firm's audit events the filters keep (dates inclusive, whole UTC days). */
export function filteredAuditEvents(db: Executor, firmId: string, filters: AuditFilters) {
  let events = db.selectFrom('audit_events').where('firm_id', '=', firmId);
  if (filters.action) events = events.where('action', '=', filters.action);
  if (filters.actor) events = events.where(sql`lower(actor_email)`, '=', filters.actor);
  if (filters.from)
    events = events.where(
      'created_at',
      '>=',
      sql<Date>`(${filters.from}::date)::timestamp at time zone 'UTC'`,
    );
  if (filters.to)
    events = events.where(
      'created_at',
      '<',
      sql<Date>`((${filters.to}::date + 1)::timestamp at time zone 'UTC')`,
    );
  return events;
}

export const countAuditEvents = (db: Executor, firmId: string, filters: AuditFilters) =>
  countRows(filteredAuditEvents(db, firmId, filters));
