import { sql, type RawBuilder } from 'kysely';
import {
  CONTRADICTORY_CASH_PCT,
  CONTRADICTORY_LEVERAGE,
  OVERRATED_QUIZ_BELOW,
  OVERRATED_RISK_PROFILE,
  VULNERABLE_AGE,
  LOW_KNOWLEDGE_QUIZ,
} from '@behavio/insights';

/**
 * `needs_review` of a customer row `alias` (default `c`), computed by SQL from the stored columns
 * for the lists (issue 28, item 2): true when any of the four vulnerability flags of the
 * suitability profile is raised. The same constants as `hasVulnerabilityFlag` in
 * packages/insights, so the list and the customer page always agree (needs-review.test.ts).
 */
export function needsReviewSql(alias = 'c'): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const lit = (n: number) => sql.lit(n);
  return sql<boolean>`(${col('age')} >= ${lit(VULNERABLE_AGE)}
    or ${col('knowledge_quiz_score')} < ${lit(LOW_KNOWLEDGE_QUIZ)}
    or (${col('risk_profile')} >= ${lit(OVERRATED_RISK_PROFILE)} and ${col('knowledge_quiz_score')} < ${lit(OVERRATED_QUIZ_BELOW)})
    or (${col('cash_pct')} >= ${lit(CONTRADICTORY_CASH_PCT)} and ${col('leverage_ratio')} >= ${lit(CONTRADICTORY_LEVERAGE)}))`;
}
