import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { withStoredJwtSecret } from '../src/config/jwt-secret.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { createServices, type Services } from '../src/services.js';
import { QUEUES, startWorkers } from '../src/workers.js';
import { startSmtpListener } from './smtp-listener.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  config: Config;
  smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, delivering mail to a real SMTP listener on 127.0.0.1.
 * `scoringWorker`: a built insights worker, so imports score in threads (from sources they
 * score in-thread). `afterImportBatch`: runs after each loaded batch of an import (a pause, so
 * a test can act while one runs).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { scoringWorker?: URL; afterImportBatch?: () => Promise<void> } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-test-'));
  const smtp = await startSmtpListener();
  const envConfig = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_IP_PER_MINUTE: '1000',
    RATE_LIMIT_EMAIL_PER_MINUTE: '1000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const logger = createLogger(envConfig.logLevel);
  const database = await createTestDatabase();
  const config = await withStoredJwtSecret(envConfig, database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger });
  const services = createServices({
    config,
    database,
    mailer,
    logger,
    scoringWorker: options.scoringWorker,
    afterImportBatch: options.afterImportBatch,
  });
  await services.queue.start(QUEUES);
  if (config.runWorker) await startWorkers(services);
  const app = await buildApp(services);
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    smtp,
    async close() {
      await app.close();
      await services.queue.stop();
      await services.ingestion.close();
      mailer.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${++sequence}@example.com`;

/** Registers, verifies with the delivered code and logs in an admin; answers the token. */
export async function signUpAdmin(
  ctx: TestContext,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    businessName: string;
    numberOfEmployees: number;
  }> = {},
) {
  const body = {
    name: 'Ada Admin',
    email: uniqueEmail('admin'),
    password: 'correct horse',
    businessName: 'Acme Wealth',
    numberOfEmployees: 12,
    ...overrides,
  };
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const otp = ctx.smtp.codeFor(body.email);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { email: body.email, otp },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: body.email, password: body.password },
  });
  const token = login.json<{ token: string }>().token;
  return { ...body, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
