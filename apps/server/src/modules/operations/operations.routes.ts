import { createHash, timingSafeEqual } from 'node:crypto';
import { MESSAGES, liveResponseSchema, readyResponseSchema } from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import { RULES } from '../../plugins/permissions.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createMetrics, recordRequestMetrics } from './metrics.js';
import { checkReadiness } from './readiness.js';

const tags = ['operations'];

/** Compares digests, so neither the token's length nor its prefix leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Probes and metrics for operators (docs/deploy.md). The probes are public and touch no
 * rate limit; metrics exist only when METRICS_TOKEN is set, and need it as the bearer token.
 */
export function operationsRoutes(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    queue: JobQueue;
    queues: string[];
    metricsToken: string | undefined;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health/live',
    {
      config: { access: RULES.public },
      schema: {
        tags,
        description: 'Liveness: the process is up and answers HTTP. Touches nothing else.',
        response: { 200: liveResponseSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  r.get(
    '/api/health/ready',
    {
      config: { access: RULES.public },
      schema: {
        tags,
        description:
          'Readiness: the database answers, its migrations are current and the job queue runs. 503 names the parts that failed.',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const { ready, body } = await checkReadiness(deps);
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  const token = deps.metricsToken;
  if (!token) return;
  const metrics = createMetrics(deps);
  recordRequestMetrics(app, metrics);
  app.get(
    '/api/metrics',
    // Checked here rather than by the access hook: this token is not a user's session.
    { config: { access: RULES.public }, schema: { hide: true } },
    async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match || !sameToken(match[1]!, token)) throw new AppError(401, MESSAGES.invalidToken);
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  );
}
