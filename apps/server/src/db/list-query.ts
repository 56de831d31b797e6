import {
  RISK_LEVELS,
  URGENCY_LEVELS,
  type RiskLevel,
  type Segment,
  type SortOrder,
  type UrgencyLevel,
} from '@behavio/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * The list tools' SQL (docs/decisions/0007-list-tools.md): a column sort put in front of a
 * list's own order, which breaks its ties, and the insight filters. Sort keys come from the
 * contract's allow-lists, already validated, and are only ever turned into references through
 * `ref`; filter values are bound parameters.
 */

/** Levels ranked least severe first, so `asc` reads low → urgent and `desc` most severe first. */
const SEVERITY: Record<string, readonly string[]> = {
  urgency_level: [...URGENCY_LEVELS].reverse(),
  risk_level: [...RISK_LEVELS].reverse(),
};

/** Text columns compared byte by byte, the same on every server (as list-order's last tie). */
const TEXT_KEYS = new Set(['customer_id', 'country_iso', 'segment', 'rm_name']);

/** The sort term of `key` (a column `ref` resolves), before the list's own order. */
function sortTerm(
  key: string,
  order: SortOrder,
  ref: (key: string) => string,
): RawBuilder<unknown> {
  const column = sql.ref(ref(key));
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const levels = SEVERITY[key];
  if (levels) {
    const rank = sql`case ${column} ${sql.join(
      levels.map((level, index) => sql`when ${sql.lit(level)} then ${sql.lit(index)}`),
      sql` `,
    )} end`;
    return sql`${rank} ${direction}`;
  }
  if (TEXT_KEYS.has(key)) return sql`${column} collate "C" ${direction} nulls last`;
  return sql`${column} ${direction} nulls last`;
}

/**
 * `tieBreak` (the list's one order) led by the chosen column, when there is one. Without a sort
 * the list keeps today's order exactly.
 */
export function sortedOrder(
  sort: { sort?: string | undefined; order?: SortOrder | undefined },
  ref: (key: string) => string,
  tieBreak: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (!sort.sort) return tieBreak;
  return sql`${sortTerm(sort.sort, sort.order ?? 'asc', ref)}, ${tieBreak}`;
}

export interface InsightFilters {
  urgency?: UrgencyLevel[] | undefined;
  risk_level?: RiskLevel[] | undefined;
  segment?: Segment[] | undefined;
}

/** The rows whose insight (`alias`) has one of each filter's values; true without filters. */
export function insightFilter(filters: InsightFilters, alias: string): RawBuilder<SqlBool> {
  const terms = [
    ['urgency_level', filters.urgency],
    ['risk_level', filters.risk_level],
    ['segment', filters.segment],
  ] as const;
  const kept = terms.flatMap(([column, values]) =>
    values && values.length > 0
      ? [sql<SqlBool>`${sql.ref(`${alias}.${column}`)} = any(${values}::text[])`]
      : [],
  );
  return kept.length > 0 ? sql<SqlBool>`(${sql.join(kept, sql` and `)})` : sql<SqlBool>`true`;
}

export const hasInsightFilter = (filters: InsightFilters) =>
  Boolean(filters.urgency?.length || filters.risk_level?.length || filters.segment?.length);
