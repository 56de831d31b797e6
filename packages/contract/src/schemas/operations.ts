import { z } from 'zod';

/**
 * The operator's endpoints (docs/deploy.md): liveness and readiness probes. They answer load
 * balancers and orchestrators, not the web app; metrics are Prometheus text, not JSON.
 */

export const liveResponseSchema = z.object({ status: z.literal('ok') });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

export const readinessCheckSchema = z.enum(['ok', 'failed']);

/** What readiness checks: each part a process needs before it may take traffic. */
export const readinessChecksSchema = z.object({
  database: readinessCheckSchema,
  migrations: readinessCheckSchema,
  queue: readinessCheckSchema,
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** 200 when every check is ok; 503 with `message` naming the parts that failed. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  message: z.string(),
  checks: readinessChecksSchema,
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
