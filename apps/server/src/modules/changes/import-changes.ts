import { CHANGE_KINDS } from '@behavio/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { changeKindsSql } from './change-rules.js';
import { alertRecipients, importAlertsSql } from '../alerts/import-alerts.js';

/**
 * What an import changed (docs/changes-and-alerts.md), recorded in the import's final
 * transaction, under the firm's customer lock, all in SQL: a million customers are compared
 * by joins, never read into the server.
 *
 * The current insight row is the newest state of a customer's history: a firm's first file
 * writes no history at all (its load tables carry file_id and change = 'new' as defaults).
 * A later file compares each incoming insight with the stored one; only the customers it
 * creates or whose insight differs are written: their superseded state is copied to
 * insight_history, their alerts are raised, and their insight row is replaced. The customer
 * rows are compared the same way, and only new and changed ones are written.
 *
 * Each comparison reads a load table once, into a temporary table of what differs (a few
 * percent of a re-sent book); every later step reads those small tables and the firm's
 * indexed rows, never the load tables again.
 */

export interface ImportTables {
  customers: string;
  insights: string;
}

/** json has no equality operator: top_biases is compared as its text (one serialiser writes it). */
const comparable = (alias: string, insightColumns: readonly string[]) =>
  sql.join(
    insightColumns.map((c) =>
      c === 'top_biases' ? sql`${sql.ref(`${alias}.${c}`)}::text` : sql.ref(`${alias}.${c}`),
    ),
  );

/** The temporary table of the customers whose insight this import creates or changes, with it. */
const CHANGED = sql.table('import_changed_customers');
/** The temporary table of the file's customer rows that are new or differ from the stored row. */
const CHANGED_ROWS = sql.table('import_changed_rows');

const columnsOf = (alias: string, columns: readonly string[]) =>
  sql.join(columns.map((c) => sql.ref(`${alias}.${c}`)));

/**
 * Step 1, before anything is written: which of the file's customers are new or changed, the
 * kinds of change and their new insight. Answers nothing; later steps read the table it fills.
 */
export async function compareWithStored(
  trx: Executor,
  { firmId, tables }: { firmId: string; tables: ImportTables },
  insightColumns: readonly string[],
): Promise<void> {
  await sql`
    create temporary table ${CHANGED} on commit drop as
    select a.customer_id, b.customer_id is null as is_new,
      case when b.customer_id is null then '{}'::text[] else ${changeKindsSql('b', 'a')} end
        as kinds,
      ${columnsOf('a', insightColumns)}
    from ${sql.table(tables.insights)} a
    left join customer_insights b on b.firm_id = ${firmId} and b.customer_id = a.customer_id
    where b.customer_id is null or row(${comparable('b', insightColumns)})
      is distinct from row(${comparable('a', insightColumns)})
  `.execute(trx);
  await sql`analyze ${CHANGED}`.execute(trx);
}

/**
 * Step 2: which of the file's customer rows are new or differ from the stored row in any
 * column (a column can change without changing the insight: one more news click), with their
 * new values.
 */
export async function compareCustomerRows(
  trx: Executor,
  { firmId, table }: { firmId: string; table: string },
  customerColumns: readonly string[],
): Promise<void> {
  await sql`
    create temporary table ${CHANGED_ROWS} on commit drop as
    select l.customer_id, c.customer_id is null as is_new, ${columnsOf('l', customerColumns)}
    from ${sql.table(table)} l
    left join customers c on c.firm_id = ${firmId} and c.customer_id = l.customer_id
    where c.customer_id is null
      or row(${columnsOf('c', customerColumns)}) is distinct from row(${columnsOf('l', customerColumns)})
  `.execute(trx);
  await sql`analyze ${CHANGED_ROWS}`.execute(trx);
}

/** Step 3: the changed customers' current states become history. */
export async function keepSupersededStates(trx: Executor, firmId: string): Promise<void> {
  await sql`
    insert into insight_history (firm_id, customer_id, file_id, change, changes, recorded_at,
      model_version, priority_score, urgency_level, risk_level, segment, top_biases,
      top_product_id)
    select i.firm_id, i.customer_id, i.file_id, i.change, i.changes, i.computed_at,
      i.model_version, i.priority_score, i.urgency_level, i.risk_level, i.segment, i.top_biases,
      i.recommended_products -> 0 ->> 'product_id'
    from customer_insights i
    join ${CHANGED} d on d.customer_id = i.customer_id and not d.is_new
    where i.firm_id = ${firmId}
  `.execute(trx);
}

/**
 * Step 4, while the customers' rows still hold their old values: the alerts, for each
 * customer's RM or the firm's admins (see import-alerts.ts). New customers raise
 * new_high_urgency only when `newCustomersAlert` (not on the firm's first customers).
 */
export async function raiseAlerts(
  trx: Executor,
  input: { firmId: string; fileId: string; newCustomersAlert: boolean },
): Promise<void> {
  const alerts = importAlertsSql({ ...input, changed: CHANGED, changedRows: CHANGED_ROWS });
  await sql`
    insert into alerts (firm_id, user_id, customer_id, kind, severity, message, file_id)
    select ${input.firmId}::uuid, r.user_id, x.customer_id, x.kind, x.severity, x.message,
      ${input.fileId}::uuid
    from (${alerts}) x
    cross join lateral ${alertRecipients(input.firmId, sql.ref('x.rm_id'))} r
  `.execute(trx);
}

/**
 * Step 5: the new and changed customer rows are written: a known customer is updated in place
 * and keeps their RM, a new one inserted. Unchanged rows are not written at all.
 */
export async function writeChangedCustomers(
  trx: Executor,
  firmId: string,
  customerColumns: readonly string[],
): Promise<void> {
  const assignments = sql.join(
    customerColumns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`r.${c}`)}`),
  );
  await sql`
    update customers c set ${assignments}, updated_at = now()
    from ${CHANGED_ROWS} r
    where c.firm_id = ${firmId} and c.customer_id = r.customer_id and not r.is_new
  `.execute(trx);
  await sql`
    insert into customers (firm_id, customer_id, ${sql.join(customerColumns.map((c) => sql.ref(c)))})
    select ${firmId}::uuid, r.customer_id, ${columnsOf('r', customerColumns)}
    from ${CHANGED_ROWS} r
    where r.is_new
  `.execute(trx);
}

/** Step 6: the changed customers' new insights replace their rows (unchanged rows stay). */
export async function writeChangedInsights(
  trx: Executor,
  input: { firmId: string; fileId: string },
  insightColumns: readonly string[],
): Promise<void> {
  const columns = sql.raw(insightColumns.join(', '));
  const updates = sql.raw(insightColumns.map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`
    insert into customer_insights (firm_id, customer_id, ${columns}, computed_at, file_id,
      change, changes)
    select ${input.firmId}::uuid, d.customer_id, ${columnsOf('d', insightColumns)}, now(),
      ${input.fileId}::uuid, case when d.is_new then 'new' else 'updated' end, d.kinds
    from ${CHANGED} d
    on conflict (firm_id, customer_id) do update set ${updates}, computed_at = now(),
      file_id = excluded.file_id, change = excluded.change, changes = excluded.changes
  `.execute(trx);
}

const countOf = (kind: string) => sql`count(*) filter (where ${sql.lit(kind)} = any(kinds))::int`;
const KIND_COLUMNS = sql.raw(CHANGE_KINDS.join(', '));

/** Step 7: the file's counts. Unchanged: the file's customers that are neither new nor changed. */
export async function recordCounts(
  trx: Executor,
  input: { firmId: string; fileId: string; accepted: number },
): Promise<void> {
  await upsertCounts(
    trx,
    sql`
      select ${input.fileId}::uuid, ${input.firmId}::uuid,
        count(*) filter (where is_new)::int, count(*) filter (where not is_new)::int,
        ${input.accepted}::int - count(*)::int, 0,
        ${sql.join(CHANGE_KINDS.map(countOf))}
      from ${CHANGED}`,
  );
}

/** A file whose customers were all new (the firm's first, or a firm with none left). */
export async function recordAllNew(
  trx: Executor,
  input: { firmId: string; fileId: string; accepted: number },
): Promise<void> {
  await upsertCounts(
    trx,
    sql`select ${input.fileId}::uuid, ${input.firmId}::uuid, ${input.accepted}::int, 0, 0, 0,
      ${sql.join(CHANGE_KINDS.map(() => sql`0`))}`,
  );
}

/**
 * Adds to a file's counts: an import writes them once, and each later fix of its rejected rows
 * (modules/ingestion/fixes) adds what the fixed rows changed.
 */
async function upsertCounts(trx: Executor, select: RawBuilder<unknown>) {
  const counted = ['new_customers', 'updated', 'unchanged', 'removed', ...CHANGE_KINDS];
  await sql`
    insert into file_changes (file_id, firm_id, new_customers, updated, unchanged, removed,
      ${KIND_COLUMNS})
    ${select}
    on conflict (file_id) do update set
      ${sql.raw(counted.map((c) => `${c} = file_changes.${c} + excluded.${c}`).join(', '))}
  `.execute(trx);
}
