import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import { listOrder } from '../../db/list-order.js';
import { CUSTOMER_COLUMNS } from '../customers/customers.repository.js';
import { callStateField } from './call-state.js';
import { needsReviewSql } from './needs-review.js';

/*
 * The RM lists are written as JSON by PostgreSQL: turning 5,000 rows into objects and
 * serialising them in Node cost far more than the query. Each list selects exactly its item's
 * fields, named by the contract, from customers `c` and insights `i`; the page row `p` is then
 * the item and json_agg(p) writes it (cheaper than json_build_object per row, and compact).
 * Numbers are float8 printed shortest round-trip (PostgreSQL 12 and later), so they parse to the
 * numbers the driver would have produced.
 */

export type ItemFields = AliasedRawBuilder<unknown, string>[];

const nameOf = (ref: string) => ref.slice(ref.indexOf('.') + 1);

const field = (ref: string) => sql.ref(ref).as(nameOf(ref));

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds). */
const isoTimestamp = (ref: string) =>
  sql`to_char(${sql.ref(ref)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(nameOf(ref));

const summary = ['c.customer_id', 'c.country_iso', 'c.age', 'c.risk_profile'].map(field);
const recommendation = ['i.urgency_level', 'i.priority_score', 'i.recommended_action'].map(field);
const labels = ['i.why', 'i.risk_level', 'i.segment', 'i.recommended_products'].map(field);
/** Every item ends with where the customer stands on the RM's call list (call-state.ts). */
const callState = callStateField().as('call_state');
/** Whether a vulnerability flag asks for a review before any advice (issue 28, item 2). */
const needsReview = needsReviewSql('c').as('needs_review');
const details = [
  // Every writer of top_biases (imports and the backfill, through insightColumnValues) stores
  // exactly bias_name, score and confidence, as plain json text in that order (migration 0007):
  // the stored list is the contract's TopBias list.
  field('i.top_biases'),
  sql`json_build_object('bias_severity', i.bias_severity, 'risk_urgency', i.risk_urgency,
    'time_sensitivity', i.time_sensitivity, 'customer_value', i.customer_value)`.as('breakdown'),
];

export const ITEMS = {
  customer: [
    ...CUSTOMER_COLUMNS.map((ref) => (ref === 'c.created_at' ? isoTimestamp(ref) : field(ref))),
    field('i.recommended_products'),
    callState,
    needsReview,
  ],
  whoToCall: [...summary, ...recommendation, ...labels, callState, needsReview],
  priorityScore: [
    field('c.customer_id'),
    ...recommendation,
    ...details,
    ...labels,
    callState,
    needsReview,
  ],
  /** A who-to-call item with the top biases and the breakdown (risk ranking and segments). */
  riskRanking: [...summary, ...recommendation, ...details, ...labels, callState, needsReview],
} satisfies Record<string, ItemFields>;

/** The order of every RM list, on the page rows `p` (see listOrder). */
export const byPriority = listOrder({
  priority: sql.ref('p.priority_score'),
  urgency: 'p.urgency_level',
  customerId: 'p.customer_id',
});

/** The JSON array of the page rows `p` that `where` keeps (all by default), in `order`. */
export function jsonArray(order: RawBuilder<unknown>, where?: RawBuilder<unknown>) {
  const filter = where ? sql` filter (where ${where})` : sql``;
  return sql`coalesce(json_agg(p order by ${order})${filter}, '[]')`;
}

/** A JSON object of `[key, value]` entries, in the given order. */
export const jsonObject = (entries: [string, RawBuilder<unknown>][]) =>
  sql`json_build_object(${sql.join(entries.map(([key, value]) => sql`${sql.lit(key)}, ${value}`))})`;
