import { URGENCY_LEVELS } from '@behavio/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * The one order of every customer list built from insights (docs/insights-model.md §11):
 * highest priority first, then the more urgent level (URGENCY_LEVELS order: urgent, high,
 * medium, low), then customer_id in byte order. `collate "C"` makes the last tie independent
 * of the database's collation, so 'B' comes before '_' before 'a' on every server.
 */
export function listOrder(columns: {
  priority: RawBuilder<unknown>;
  urgency: string;
  customerId: string;
}): RawBuilder<unknown> {
  const urgencyRank = sql`case ${sql.ref(columns.urgency)} ${sql.join(
    URGENCY_LEVELS.map((level, rank) => sql`when ${sql.lit(level)} then ${sql.lit(rank)}`),
    sql` `,
  )} end`;
  return sql`${columns.priority} desc, ${urgencyRank}, ${sql.ref(columns.customerId)} collate "C"`;
}
