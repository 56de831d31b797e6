import { BIAS_NAMES } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { topPriorityQuery } from '../customers/customers.repository.js';

/**
 * The firm's stored data behind the two premium features; every query is scoped by firm. The
 * assignment and insight counts are the shared ones of customers.repository.
 */

export async function insightTotals(db: Executor, firmId: string) {
  const row = await db
    .selectFrom('customer_insights')
    .select([
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.avg<string | number | null>('priority_score').as('average_priority'),
    ])
    .where('firm_id', '=', firmId)
    .executeTakeFirstOrThrow();
  return {
    scored: Number(row.n),
    averagePriority: row.average_priority === null ? null : Number(row.average_priority),
  };
}

/**
 * Per bias across the firm: mean score and how many customers score at or above `threshold`.
 * Scores are stored in hundredths, in BIAS_NAMES order (migration 0009).
 */
export async function biasPrevalence(db: Executor, firmId: string, threshold: number) {
  const result = await sql<{
    bias_name: string;
    mean_score: string | number;
    at_or_above: string | number;
  }>`
    select (${sql.val([...BIAS_NAMES])}::text[])[b.k] as bias_name,
           avg(b.hundredths) / 100.0 as mean_score,
           count(*) filter (where b.hundredths >= ${Math.round(threshold * 100)}) as at_or_above
    from customer_insights i
    cross join lateral unnest(i.bias_scores) with ordinality as b(hundredths, k)
    where i.firm_id = ${firmId}
    group by b.k
    order by b.k`.execute(db);
  return result.rows.map((r) => ({
    bias_name: r.bias_name,
    mean_score: Number(r.mean_score),
    at_or_above: Number(r.at_or_above),
  }));
}

export async function topPriority(db: Executor, firmId: string, limit: number) {
  return topPriorityQuery(db, firmId, limit)
    .select([
      'c.customer_id',
      'c.country_iso',
      'i.priority_score',
      'i.urgency_level',
      'i.recommended_action',
      'c.rm_id',
      'rm.name as rm_name',
    ])
    .execute();
}
