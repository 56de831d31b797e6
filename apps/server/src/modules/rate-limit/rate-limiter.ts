import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { tooManyRequests } from '../../errors/app-error.js';
import { MESSAGES } from '@behavio/contract';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every API process shares them and the API
 * itself stays stateless.
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one hit against every rule and throws 429 when any is over its limit. */
  async consume(rules: RateLimitRule[], now = new Date()): Promise<void> {
    for (const rule of rules) {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const row = await this.db
        .insertInto('rate_limit_hits')
        .values({ key: rule.key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (row.hits > rule.limit) {
        const retryAfter = (windowStart.getTime() + windowMs - now.getTime()) / 1000;
        throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);
      }
    }
  }

  /** Old windows are useless; called from time to time, not on the request path. */
  async prune(olderThan: Date): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', olderThan).execute();
  }
}
