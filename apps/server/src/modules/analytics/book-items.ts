import { sql, type RawBuilder } from 'kysely';

/*
 * The RM lists are written as JSON text by PostgreSQL, from pieces stored with each customer and
 * insight (generated columns, migration 0008): turning 5,000 rows into objects and serialising
 * them in Node cost far more than the query, and so did converting every value to JSON on each
 * call. An item is `{` + its pieces joined by commas + `}`; the few values no piece holds are
 * converted here. Each list selects its item text as `item` with the keys it sorts and groups
 * by, and `jsonArray` joins the page rows `p`.
 */

export type ItemText = RawBuilder<string>;

const customerId = sql`'"customer_id":' || to_json(c.customer_id)::text`;

/** customer_id, country_iso, age and risk_profile: the who-to-call item's customer fields. */
const summary = sql`${customerId} || ', "country_iso":' || to_json(c.country_iso::text)::text
  || ', "age":' || c.age::text || ', "risk_profile":' || c.risk_profile::text`;

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds). */
const createdAt = sql`'"created_at":"'
  || to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;

/**
 * Texts are joined with `concat`, which writes its result once: each `||` copies everything to
 * its left again, which on a 3 MB body cost more than the aggregate (measured). `concat` skips
 * nulls, and none of the pieces joined here can be null.
 */
const joined = (pieces: RawBuilder<unknown>[]) => sql<string>`concat(${sql.join(pieces)})`;

const object = (...members: RawBuilder<unknown>[]): ItemText =>
  joined([
    sql.lit('{'),
    ...members.flatMap((member, n) => (n === 0 ? [member] : [sql.lit(', '), member])),
    sql.lit('}'),
  ]);

export const ITEMS = {
  customer: object(sql`c.list_item`, createdAt),
  whoToCall: object(summary, sql`i.list_card`),
  priorityScore: object(customerId, sql`i.list_card`, sql`i.list_details`),
  /** A who-to-call item with the top biases and the breakdown (risk ranking and segments). */
  riskRanking: object(summary, sql`i.list_card`, sql`i.list_details`),
} satisfies Record<string, ItemText>;

/** Highest priority first, ties by customer id: the order of every RM list. */
export const byPriority = sql`p.priority_score desc, p.customer_id`;

/** The JSON array of the page rows' items that `where` keeps (all by default), in `order`. */
export function jsonArray(order: RawBuilder<unknown>, where?: RawBuilder<unknown>) {
  const filter = where ? sql` filter (where ${where})` : sql``;
  return joined([
    sql.lit('['),
    sql`string_agg(p.item, ',' order by ${order})${filter}`,
    sql.lit(']'),
  ]);
}

/** A JSON object of `[key, value]` entries, in the given order; each value is JSON text. */
export const jsonObject = (entries: [string, RawBuilder<unknown>][]) =>
  joined([
    ...entries.flatMap(([key, value], n) => [
      sql.lit(`${n === 0 ? '{' : ','}${JSON.stringify(key)}:`),
      value,
    ]),
    sql.lit('}'),
  ]);
