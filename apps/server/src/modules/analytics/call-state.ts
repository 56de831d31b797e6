import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Where a customer stands on their RM's call list (docs/product-rules.md, "One call state on
 * every screen"). Every RM list joins the RM's latest outcome for each customer as `latest`
 * (bookPage in book.repository.ts) and carries the state it leaves, so the book, the scores, the rankings, the segments and the call
 * list all show the same customers with the same badge; only today's call list leaves the
 * handled ones out.
 */

/**
 * The latest outcome still holds: it was recorded for the current recommendation (a new one
 * puts the customer back), it was not taken back (Undo records 'reopened'), and a snooze has
 * not reached its date.
 */
const holds = sql<SqlBool>`coalesce(
    latest.recommended_action = i.recommended_action
      and latest.urgency_level = i.urgency_level
      and latest.priority_score = i.priority_score
      and latest.outcome <> 'reopened'
      and (latest.outcome <> 'snoozed' or latest.snooze_until > current_date),
    false
  )`;

/** The customer needs a call: no outcome of the RM holds for them. */
export const notHandled = (): Expression<SqlBool> => sql<SqlBool>`not ${holds}`;

/** The list item's `call_state`: the outcome that holds, or null. */
export const callStateField = (): RawBuilder<unknown> =>
  sql`case when ${holds} then latest.outcome end`;
