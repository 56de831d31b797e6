import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { AuthService } from './modules/auth/auth.service.js';
import { TokenService } from './modules/auth/tokens.js';
import { DatabaseFileStorage, FileStorage } from './modules/files/file-storage.js';
import { S3FileStorage } from './modules/files/s3-file-storage.js';
import { createBoss, JobQueue, withQueueSetupLock } from './modules/jobs/job-queue.js';
import type { Mailer } from './modules/mail/mailer.js';
import { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import { countActiveFiles } from './modules/files/files.repository.js';
import { IngestionService } from './modules/ingestion/ingestion.service.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { CallCapacityService } from './modules/analytics/call-capacity.service.js';
import { AdminService } from './modules/admin/admin.service.js';
import { BillingService } from './modules/billing/billing.service.js';
import { createPaymentProvider } from './modules/billing/providers/index.js';
import { CreditsService } from './modules/credits/credits.service.js';
import { ProductsService } from './modules/products/products.service.js';
import { CustomerPageService } from './modules/customer-page/customer-page.service.js';
import { NotesService } from './modules/notes/notes.service.js';
import { ChangesService } from './modules/changes/changes.service.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { RecommendationsService } from './modules/products/recommendations.service.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { FeedService } from './modules/api-feed/feed.service.js';
import { PreferencesService } from './modules/alert-digest/preferences.service.js';
import { AlertDigestService } from './modules/alert-digest/digest.service.js';

export interface CoreDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  /** The insights scoring worker's file when not next to the server (tests: a built one). */
  scoringWorker?: URL;
  /** Tests only: runs after each loaded batch of an import, so a test can act while one runs. */
  afterImportBatch?: () => Promise<void>;
}

/** Everything the HTTP app and the worker process share, built once from the core deps. */
export function createServices(deps: CoreDeps) {
  const { config, database, mailer, logger } = deps;
  const db = database.db;
  const tokens = new TokenService(config.jwtSecret, config.jwtTtlMinutes);
  const queue = new JobQueue(createBoss(database), logger, (setup) =>
    withQueueSetupLock(database, setup),
  );
  const storage = createStorage(config, db);
  const auth = new AuthService({
    db,
    tokens,
    mailer,
    config,
    logger,
    firmUsage: { fileUploads: (firmId) => countActiveFiles(db, firmId) },
  });
  // On PGlite a batch's statements and scoring hold the server's one thread: 500 customers
  // (about a quarter of a second), then other work goes first (docs/architecture.md).
  const recommendations = new RecommendationsService(db, queue, logger, {
    batch: database.kind === 'pglite' ? 500 : 2_000,
    pace: () => database.pace(),
  });
  const ingestion = new IngestionService({
    database,
    recommendations,
    queue,
    storage,
    logger,
    limits: { maxRows: config.maxUploadRows, maxUploadBytes: config.maxUploadBytes },
    uploadWaitMs: config.uploadWaitMs,
    imports: config.imports,
    scoringWorker: deps.scoringWorker,
    afterBatch: deps.afterImportBatch,
  });
  const analytics = new AnalyticsService(db, { listCacheBytes: config.rmListCacheBytes });
  const alerts = new AlertsService(db);
  const admin = new AdminService({
    db,
    analytics,
    alerts,
    mailer,
    logger,
    appName: config.appName,
    publicUrl: config.publicUrl,
  });
  const notes = new NotesService(db);
  const changes = new ChangesService(db);
  const billing = new BillingService({
    db,
    queue,
    logger,
    publicUrl: config.publicUrl,
    provider: createPaymentProvider({ billing: config.billing, db }),
  });
  return {
    ...deps,
    db,
    tokens,
    queue,
    storage,
    auth,
    ingestion,
    analytics,
    admin,
    billing,
    credits: new CreditsService(db),
    limiter: new RateLimiter(db),
    recommendations,
    products: new ProductsService(db, recommendations),
    callCapacity: new CallCapacityService(db),
    notes,
    apiKeys: new ApiKeysService(db),
    feed: new FeedService({ db, ingestion, maxRows: config.maxUploadRows }),
    preferences: new PreferencesService(db),
    alertDigest: new AlertDigestService({
      db,
      mailer,
      logger,
      appName: config.appName,
      publicUrl: config.publicUrl,
    }),
    changes,
    alerts,
    customerPage: new CustomerPageService(db, recommendations, notes, analytics, changes),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Where uploads and reports are kept (FILE_STORAGE; docs/decisions/0002 and 0004). */
function createStorage(config: Config, db: CoreDeps['database']['db']): FileStorage {
  const scratch = path.join(config.dataDir, 'scratch');
  if (config.fileStorage === 's3' && config.s3) return new S3FileStorage(scratch, config.s3);
  if (config.fileStorage === 'database') return new DatabaseFileStorage(scratch, db);
  return new FileStorage(config.dataDir);
}
