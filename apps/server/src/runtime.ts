import { loadConfig, type EnvConfig } from './config/env.js';
import { withStoredJwtSecret } from './config/jwt-secret.js';
import { databaseTargetFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startWorkers, QUEUES } from './workers.js';
import { scheduleBackfillIfStale } from './modules/insights-backfill/backfill.js';
import { createLogger } from './logger.js';
import { createMailer } from './modules/mail/mailer.js';
import { createServices, type Services } from './services.js';

/** Opens and migrates the database and builds the services: the shared start of server and worker. */
export async function startRuntime(options: {
  config?: EnvConfig;
  withWorkers: boolean;
  /** Tests only (CoreDeps.afterImportBatch). */
  afterImportBatch?: () => Promise<void>;
}): Promise<{
  services: Services;
  stop(): Promise<void>;
}> {
  const envConfig = options.config ?? loadConfig();
  const logger = createLogger(envConfig.logLevel);
  const database = await openDatabase(databaseTargetFor(envConfig), {
    onConnectionLost: (err) => logger.warn({ err }, 'a database connection was lost'),
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const config = await withStoredJwtSecret(envConfig, database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const services = createServices({
    config,
    database,
    mailer,
    logger,
    afterImportBatch: options.afterImportBatch,
  });
  await services.queue.start(QUEUES);
  if (options.withWorkers) await startWorkers(services);
  if (await scheduleBackfillIfStale(services.db, services.queue)) {
    logger.info('stored insights predate the current model: a backfill job is queued');
  }
  return {
    services,
    async stop() {
      await services.queue.stop();
      await services.ingestion.close();
      mailer.close();
      await database.close();
    },
  };
}
