import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { FirmUsageCounter } from './modules/auth/firm-usage.js';
import { TokenService } from './modules/auth/tokens.js';
import type { Mailer } from './modules/mail/mailer.js';
import { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import { registerAccessControl } from './plugins/access.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { defaultWebDistDir, registerSpa } from './plugins/spa.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
}

const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app on injected dependencies; server.ts boots it and tests inject into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer, logger } = deps;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: JSON_BODY_LIMIT,
    disableRequestLogging: false,
    requestTimeout: 120_000,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const tokens = new TokenService(config.jwtSecret, config.jwtTtlMinutes);
  const limiter = new RateLimiter(database.db);
  const firmUsage: FirmUsageCounter = { fileUploads: async () => 0 };
  const auth = new AuthService({ db: database.db, tokens, mailer, config, logger, firmUsage });

  await registerOpenApi(app, { appName: config.appName, publicUrl: config.publicUrl });
  registerAccessControl(app, { db: database.db, tokens });

  authRoutes(app, { auth, limiter, limits: config.rateLimit });

  await registerSpa(app, { webDistDir: config.webDistDir ?? defaultWebDistDir(), appName: config.appName });
  return app;
}
