import type { ReadinessChecks, ReadyResponse } from '@behavio/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import type { JobQueue } from '../jobs/job-queue.js';

/** A probe must answer before the load balancer gives up on it, whatever the database does. */
const CHECK_TIMEOUT_MS = 2_000;

const KNOWN_MIGRATIONS = Object.keys(migrations);

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Every migration this build knows is applied (a newer build's extra ones do not matter). */
async function migrationsCurrent(database: DatabaseHandle): Promise<boolean> {
  const result = await sql<{ applied: number }>`
    select count(*)::int as applied from kysely_migration
    where name in (${sql.join(KNOWN_MIGRATIONS)})`.execute(database.db);
  return result.rows[0]?.applied === KNOWN_MIGRATIONS.length;
}

/**
 * Readiness: the database answers, its migrations are current and this process's job queue is
 * running. Two small queries, so a probe every few seconds costs nothing.
 */
export async function checkReadiness(deps: {
  database: DatabaseHandle;
  queue: JobQueue;
}): Promise<{ ready: boolean; body: ReadyResponse }> {
  const checks: ReadinessChecks = { database: 'failed', migrations: 'failed', queue: 'failed' };
  try {
    await withTimeout(sql`select 1`.execute(deps.database.db));
    checks.database = 'ok';
    if (await withTimeout(migrationsCurrent(deps.database))) checks.migrations = 'ok';
  } catch {
    // The parts not marked ok stay failed; the body names them.
  }
  if (deps.queue.running) checks.queue = 'ok';
  const failed = Object.entries(checks)
    .filter(([, state]) => state === 'failed')
    .map(([part]) => part);
  const ready = failed.length === 0;
  return {
    ready,
    body: {
      status: ready ? 'ready' : 'unavailable',
      message: ready ? 'Ready' : `Not ready: ${failed.join(', ')}`,
      checks,
    },
  };
}
