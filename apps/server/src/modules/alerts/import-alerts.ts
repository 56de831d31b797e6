import { sql, type RawBuilder } from 'kysely';
import { figure, moversSql } from '../changes/change-rules.js';

/**
 * The alerts an import raises (docs/changes-and-alerts.md, "Alerts"), as one SELECT the import
 * inserts from in its final transaction, before it overwrites the customers' rows:
 *
 * - urgency_up: the urgency level rose, to high (warning) or urgent (critical);
 * - risk_level_up: the risk level rose, to medium (warning) or high (critical);
 * - priority_jump: the priority rose by PRIORITY_JUMP_MIN_POINTS or more (info);
 * - new_high_urgency: a new customer arrived at high (warning) or urgent (critical) urgency,
 *   except on the firm's first customers, whose whole book is new.
 *
 * The message names the customer's figures: the priority before and after, and the inputs
 * that moved most ("Priority 4.1 → 7.8: leverage rose from 1.1 to 2.4").
 */

const ARROW = sql.lit(' → ');

export interface ImportAlertsInput {
  firmId: string;
  /** The customers whose insight this import creates or changes, with it (import-changes.ts). */
  changed: RawBuilder<unknown>;
  /** The file's customer rows that are new or changed, with their values (import-changes.ts). */
  changedRows: RawBuilder<unknown>;
  newCustomersAlert: boolean;
}

/** Rows of (customer_id, rm_id, kind, severity, message). */
export function importAlertsSql(input: ImportAlertsInput): RawBuilder<unknown> {
  const { firmId, changed, changedRows } = input;
  // a: the new insight (in the changed table), b: the stored one; c: the stored customer row,
  // r: its new values when any column changed (none changed: no input moved, no movers named).
  const priorityMove = (
    word: string,
  ) => sql`${sql.lit(word)} || ' ' || ${figure(sql`b.priority_score`, 1)}
    || ${ARROW} || ${figure(sql`a.priority_score`, 1)}`;
  const priority = priorityMove('priority');
  const why = sql`coalesce(': ' || m.movers, '')`;
  const existing = sql`
    select a.customer_id, c.rm_id, k.kind, k.severity, k.message
    from ${changed} a
    join customer_insights b on b.firm_id = ${firmId} and b.customer_id = a.customer_id
    join customers c on c.firm_id = ${firmId} and c.customer_id = a.customer_id
    left join ${changedRows} r on r.customer_id = a.customer_id
    cross join lateral (select ${moversSql('c', 'r')} as movers) m
    cross join lateral (values
      ('urgency_up',
        case when a.urgency_level = 'urgent' then 'critical' else 'warning' end,
        'Urgency ' || b.urgency_level || ${ARROW} || a.urgency_level || ', ' || ${priority} || ${why},
        'urgency_up' = any(a.kinds) and a.urgency_level in ('high', 'urgent')),
      ('risk_level_up',
        case when a.risk_level = 'high' then 'critical' else 'warning' end,
        'Risk level ' || b.risk_level || ${ARROW} || a.risk_level || ', ' || ${priority} || ${why},
        'risk_level_up' = any(a.kinds)),
      ('priority_jump', 'info', ${priorityMove('Priority')} || ${why},
        'priority_jump' = any(a.kinds))
    ) as k(kind, severity, message, raised)
    where not a.is_new and k.raised`;
  if (!input.newCustomersAlert) return existing;
  return sql`${existing}
    union all
    select a.customer_id, null::uuid, 'new_high_urgency',
      case when a.urgency_level = 'urgent' then 'critical' else 'warning' end,
      'New customer with urgency ' || a.urgency_level || ', priority '
        || ${figure(sql`a.priority_score`, 1)}
        || coalesce(', leading bias ' || replace(a.top_biases -> 0 ->> 'bias_name', '_', ' '), '')
    from ${changed} a
    where a.is_new and a.urgency_level in ('high', 'urgent')`;
}

/**
 * Who gets a customer's alerts, as a LATERAL subquery of user_id: the customer's RM, or each of
 * the firm's admins when the customer has none.
 */
export function alertRecipients(firmId: string, rmId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(
    select ${rmId}::uuid as user_id where ${rmId} is not null
    union all
    select u.id from users u
    where u.firm_id = ${firmId} and u.role = 'admin' and ${rmId} is null
  )`;
}
