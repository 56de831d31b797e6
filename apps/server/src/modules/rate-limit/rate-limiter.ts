import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { tooManyRequests } from '../../errors/app-error.js';
import { MESSAGES } from '@behavio/contract';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Each hit past a slow-down rule's limit waits this much longer than the one before… */
export const SLOW_DOWN_STEP_MS = 500;
/** …up to this much: the real user waits, but always gets in. */
export const SLOW_DOWN_MAX_MS = 5000;

/**
 * Fixed-window counters kept in PostgreSQL, so every API process shares them and the API
 * itself stays stateless. Each hit is counted and read back in one statement (an upsert that
 * returns the new count), so parallel requests can never get past a limit together.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /** Counts one hit against every rule and throws 429 (with `message`) when any is over its limit. */
  async consume(
    rules: RateLimitRule[],
    now = new Date(),
    message: string = MESSAGES.tooManyAttempts,
  ): Promise<void> {
    for (const rule of rules) {
      const { hits, retryAfterSeconds } = await this.hit(rule, now);
      if (hits > rule.limit) throw tooManyRequests(message, retryAfterSeconds);
    }
  }

  /**
   * Counts one hit and, past the rule's limit, holds the request a little longer for each hit
   * (SLOW_DOWN_STEP_MS, up to SLOW_DOWN_MAX_MS) instead of refusing it. For budgets anyone can
   * spend, such as an account's sign-in attempts from every address: refusing there would let
   * a stranger lock the real user out. Answers the time waited.
   */
  async slowDown(rule: RateLimitRule, now = new Date()): Promise<number> {
    const { hits } = await this.hit(rule, now);
    const delayMs = Math.min(Math.max(0, hits - rule.limit) * SLOW_DOWN_STEP_MS, SLOW_DOWN_MAX_MS);
    if (delayMs > 0) await this.wait(delayMs);
    return delayMs;
  }

  private async hit(rule: RateLimitRule, now: Date) {
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
    return {
      hits: row.hits,
      retryAfterSeconds: (windowStart.getTime() + windowMs - now.getTime()) / 1000,
    };
  }

  /** Old windows are useless; called from time to time, not on the request path. */
  async prune(olderThan: Date): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', olderThan).execute();
  }
}
