import PgBoss from 'pg-boss';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/database.js';

/**
 * pg-boss keeps jobs in PostgreSQL, so they survive restarts and any number of API processes
 * and workers can share one database. On PGlite it runs through Kysely's connection lock, so
 * its statements never interleave with a transaction in progress.
 */
export function createBoss(database: DatabaseHandle): PgBoss {
  if (database.kind === 'postgres' || !database.pglite) {
    const pool = database.pool;
    if (!pool) throw new Error('a PostgreSQL handle must carry its pool');
    return new PgBoss({
      db: { executeSql: async (text, values) => pool.query(text, values) },
      schema: 'pgboss',
    });
  }
  const pglite = database.pglite;
  return new PgBoss({
    db: {
      executeSql: (text, values) =>
        database.db.connection().execute(async () => {
          // PGlite refuses several statements in one prepared query: those go through exec.
          if (values && values.length > 0) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        }),
    },
    schema: 'pgboss',
  });
}

/**
 * Runs `setup` while this process holds a PostgreSQL advisory lock, so processes that start
 * together (several API processes and workers on a fresh database) create the queues one at a
 * time: pg-boss's create_queue attaches a partition to its job table, and two at once deadlock.
 * Measured with four processes starting at once: queues went missing, and scheduling failed with
 * 'Queue maintenance not found'. On PGlite there is one process: no lock needed.
 */
export async function withQueueSetupLock<T>(
  database: DatabaseHandle,
  setup: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return setup();
  // A connection of its own holds the lock while pg-boss uses the pool's others.
  const client = await database.pool.connect();
  const key = "hashtextextended('behavio:job-queue-setup', 0)";
  try {
    await client.query(`select pg_advisory_lock(${key})`);
    return await setup();
  } finally {
    await client.query(`select pg_advisory_unlock(${key})`).catch(() => undefined);
    client.release();
  }
}

export type JobHandler<T> = (
  data: T,
  job: { id: string; retryCount: number; retryLimit: number },
) => Promise<void>;

export class JobQueue {
  private started = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly boss: PgBoss,
    private readonly logger: Logger,
    /** Serialises queue creation between processes (withQueueSetupLock). */
    private readonly setupLock: <T>(setup: () => Promise<T>) => Promise<T> = (setup) => setup(),
  ) {
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  }

  /** Starts pg-boss and creates the queues that do not exist yet (an existing one is kept). */
  async start(queues: string[]): Promise<void> {
    await this.setupLock(async () => {
      await this.boss.start();
      for (const name of queues) await this.boss.createQueue(name);
    });
    this.started = true;
  }

  /**
   * Enqueues a job; given a transaction, the job is written in it, so it exists exactly when the
   * transaction's other writes do.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: PgBoss.SendOptions & { trx?: Transaction<Database> } = {},
  ): Promise<string> {
    const { trx, ...sendOptions } = options;
    const db = trx
      ? {
          executeSql: async (text: string, values: unknown[]) =>
            trx.executeQuery(CompiledQuery.raw(text, values)),
        }
      : undefined;
    const id = await this.boss.send(name, data, {
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 60 * 60,
      ...sendOptions,
      ...(db ? { db } : {}),
    });
    if (!id) throw new Error(`the job queue refused a ${name} job`);
    return id;
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: { pollingIntervalSeconds?: number } = {},
  ) {
    await this.boss.work<T>(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async (jobs) => {
        for (const job of jobs) {
          await handler(job.data, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        }
      },
    );
  }

  /** Whether this process's queue is started (readiness: a stopped queue sends no jobs). */
  get running(): boolean {
    return this.started;
  }

  /** Jobs waiting or retrying (not yet active) in one queue: the queue's depth. */
  waiting(name: string): Promise<number> {
    return this.boss.getQueueSize(name, { before: 'active' });
  }

  /**
   * Fails a job its worker can no longer finish (the worker's process is gone): pg-boss retries
   * it after its backoff while it has tries left. Answers whether the job will run again.
   */
  async failAbandoned(name: string, id: string, reason: string): Promise<boolean> {
    const before = await this.boss.getJobById(name, id);
    if (before?.state === 'active') await this.boss.fail(name, id, { message: reason });
    const after = await this.boss.getJobById(name, id);
    return after?.state === 'created' || after?.state === 'retry';
  }

  /**
   * Runs `task` every `seconds` in this process until the queue stops (cron's minute is too
   * coarse for watching imports). A failure is logged and the next round runs anyway.
   */
  repeat(what: string, seconds: number, task: () => Promise<void>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((error: unknown) => this.logger.error({ err: error }, `${what} failed`))
        .finally(() => (running = false));
    }, seconds * 1000);
    this.timers.add(timer);
  }

  /** A recurring job (cron, UTC); scheduling the same name again replaces it, so every process may. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
