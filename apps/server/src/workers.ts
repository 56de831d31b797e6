import { IMPORT_QUEUE, type ImportJob } from './modules/ingestion/ingestion.service.js';
import { BILLING_QUEUE } from './modules/billing/billing.service.js';
import { BACKFILL_QUEUE, backfillInsights } from './modules/insights-backfill/backfill.js';
import { sweepLoadTables } from './modules/ingestion/load-tables.js';
import type { Services } from './services.js';
import {
  RECOMMENDATIONS_QUEUE,
  RUN_STALE_SECONDS,
} from './modules/products/recommendations.service.js';
import { pruneRevokedTokens } from './modules/auth/auth.repository.js';
import { removeExpiredRegistrations } from './modules/auth/pending-accounts.repository.js';
import { ALERT_DIGEST_QUEUE } from './modules/alert-digest/digest.service.js';

/** Every queue the app uses; created at start so jobs can be sent before a worker runs. */
export const MAINTENANCE_QUEUE = 'maintenance';
export const QUEUES: string[] = [
  IMPORT_QUEUE,
  BILLING_QUEUE,
  BACKFILL_QUEUE,
  MAINTENANCE_QUEUE,
  RECOMMENDATIONS_QUEUE,
  ALERT_DIGEST_QUEUE,
];

/** Registers a handler for every queue; called in the server (RUN_WORKER) or the worker process. */
export async function startWorkers(services: Services): Promise<void> {
  // Each registration is one import at a time; a firm's next import waits for its running one
  // (ingestion.service.ts), so one firm cannot fill them all.
  const { concurrency, staleSeconds } = services.config.imports;
  for (let slot = 0; slot < concurrency; slot++) {
    await services.queue.work<ImportJob>(IMPORT_QUEUE, (data, job) =>
      services.ingestion.runImport(data, job),
    );
  }
  // Imports whose worker was killed are retried (now, after a crash, and while running).
  await services.ingestion.recoverStalledImports();
  services.queue.repeat('recovering stalled imports', staleSeconds / 3, () =>
    services.ingestion.recoverStalledImports(),
  );
  // A period-end check: the scheduler looks at every due subscription, so any job will do.
  await services.queue.work(BILLING_QUEUE, async () => {
    await services.billing.processDue(new Date());
  });
  await services.queue.work(BACKFILL_QUEUE, async () => {
    await backfillInsights(services.db, services.logger, services.recommendations);
  });
  // Each firm's products after an import, a shelf change or a backfill; and any firm whose ask
  // lost its job or its runner (a process killed mid-run), checked every minute.
  await services.queue.work<{ firmId: string }>(RECOMMENDATIONS_QUEUE, (data) =>
    services.recommendations.runFirm(data.firmId),
  );
  services.queue.repeat('catching up recommendations', RUN_STALE_SECONDS, () =>
    services.recommendations.runWaiting(),
  );
  // Rate-limit windows older than a day can never count again, nor can revoked tokens past
  // their expiry; load tables of imports that died and were not retried are dropped (also
  // once now, after a crash); files left waiting for their column mapping for days go, and so
  // do registrations left unverified past UNVERIFIED_ACCOUNT_TTL_DAYS.
  await services.queue.schedule(MAINTENANCE_QUEUE, '17 3 * * *');
  await services.queue.work(MAINTENANCE_QUEUE, async () => {
    await services.limiter.prune(new Date(Date.now() - 86_400_000));
    await pruneRevokedTokens(services.db);
    await sweepExpiredRegistrations(services);
    await dropAbandonedLoadTables(services);
    await sweepWaitingFiles(services);
    await services.recommendations.requestForEndedCooloffs();
  });
  await dropAbandonedLoadTables(services);
  // The digest of unread alerts, at ALERT_DIGEST_CRON (UTC). A run that fails part-way can run
  // again safely: what it sent is marked digested.
  await services.queue.schedule(ALERT_DIGEST_QUEUE, services.config.alertDigestCron);
  await services.queue.work(ALERT_DIGEST_QUEUE, async () => {
    await services.alertDigest.run();
  });
}

async function sweepExpiredRegistrations(services: Services) {
  const removed = await removeExpiredRegistrations(services.db);
  if (removed > 0) services.logger.info({ removed }, 'expired unverified registrations removed');
}

async function sweepWaitingFiles(services: Services) {
  const removed = await services.ingestion.sweepWaitingFiles();
  if (removed > 0) services.logger.info({ removed }, 'files left waiting for a mapping removed');
}

async function dropAbandonedLoadTables(services: Services) {
  const dropped = await sweepLoadTables(services.db);
  if (dropped.length > 0) services.logger.info({ dropped }, 'abandoned import tables dropped');
}
