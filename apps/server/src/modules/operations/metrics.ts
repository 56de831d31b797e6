import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.js';
import { withoutFirmScope } from '../../db/firm-scope.js';
import type { JobQueue } from '../jobs/job-queue.js';

/** Seconds; from a cached list (a few ms) to a large upload (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A request no route matched: one label value, so probing random paths adds no series. */
const UNMATCHED_ROUTE = '(unmatched)';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route' | 'status'>;
}

/**
 * The Prometheus registry of one API process. Request metrics are this process's own; import
 * and queue figures are read from the database at scrape time, so they count the work of every
 * worker process (workers serve no HTTP) and any API process answers the same.
 */
export function createMetrics(deps: {
  database: DatabaseHandle;
  queue: JobQueue;
  queues: string[];
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { database, queue, queues } = deps;

  const requests = new Counter({
    name: 'behavio_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'behavio_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  // Operator totals over all firms: counts only, no firm's data.
  const everyFirm = withoutFirmScope(database.db, 'operator metrics count every firm’s files');
  new Gauge({
    name: 'behavio_import_files',
    help: 'Customer files (import jobs) kept, by outcome: processing, completed or failed.',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      const rows = await everyFirm
        .selectFrom('customer_files')
        .select(['status', (eb) => eb.fn.countAll<string>().as('files')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const outcome of ['processing', 'completed', 'failed'])
        this.set({ outcome }, Number(rows.find((r) => r.status === outcome)?.files ?? 0));
    },
  });
  new Gauge({
    name: 'behavio_import_rows',
    help: 'Rows of the kept customer files, by outcome: accepted or rejected.',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      const totals = await everyFirm
        .selectFrom('customer_files')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<string>('accepted_rows'), eb.lit(0)).as('accepted'),
          eb.fn.coalesce(eb.fn.sum<string>('rejected_rows'), eb.lit(0)).as('rejected'),
        ])
        .executeTakeFirstOrThrow();
      this.set({ outcome: 'accepted' }, Number(totals.accepted));
      this.set({ outcome: 'rejected' }, Number(totals.rejected));
    },
  });
  new Gauge({
    name: 'behavio_queue_waiting_jobs',
    help: 'Background jobs waiting or retrying, by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const name of queues) this.set({ queue: name }, await queue.waiting(name));
    },
  });
  if (database.pool) {
    const pool = database.pool;
    new Gauge({
      name: 'behavio_db_pool_connections',
      help: "This process's PostgreSQL connections, by state: total, idle, or clients waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return { registry, requests, latency };
}

/** Counts and times every response by the route pattern it matched (not its raw path). */
export function recordRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const { requests, latency } = metrics;
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}
