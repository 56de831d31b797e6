import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** The firm's stored data behind the two premium features; every query is scoped by firm. */

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

export async function insightCounts(
  db: Executor,
  firmId: string,
  column: 'risk_level' | 'segment',
) {
  const rows = await db
    .selectFrom('customer_insights')
    .select([column, (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('firm_id', '=', firmId)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [String((r as Record<string, unknown>)[column]), Number(r.n)]));
}

/** Per bias across the firm: mean score and how many customers score at or above `threshold`. */
export async function biasPrevalence(db: Executor, firmId: string, threshold: number) {
  const result = await sql<{
    bias_name: string;
    mean_score: string | number;
    at_or_above: string | number;
  }>`
    select b.key as bias_name,
           avg((b.value ->> 0)::double precision) as mean_score,
           count(*) filter (where (b.value ->> 0)::double precision >= ${threshold}) as at_or_above
    from customer_insights i
    cross join lateral jsonb_each(i.bias_scores) as b
    where i.firm_id = ${firmId}
    group by b.key`.execute(db);
  return result.rows.map((r) => ({
    bias_name: r.bias_name,
    mean_score: Number(r.mean_score),
    at_or_above: Number(r.at_or_above),
  }));
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
      'i.priority_score',
      'i.urgency_level',
      'i.recommended_action',
      'c.rm_id',
      'rm.name as rm_name',
    ])
    .where('i.firm_id', '=', firmId)
    .orderBy('i.priority_score', 'desc')
    .orderBy('c.customer_id')
    .limit(limit)
    .execute();
}
