import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes.js';
import { ingestionRoutes } from './modules/ingestion/ingestion.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { callCapacityRoutes } from './modules/analytics/call-capacity.routes.js';
import { rmListExportRoutes } from './modules/analytics/rm-list-export.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { creditsRoutes } from './modules/credits/credits.routes.js';
import { customerPageRoutes } from './modules/customer-page/customer-page.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { preferencesRoutes } from './modules/alert-digest/preferences.routes.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { changesRoutes } from './modules/changes/changes.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { feedRoutes } from './modules/api-feed/feed.routes.js';
import { registerAccessControl } from './plugins/access.js';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { registerOpenApi } from './plugins/openapi.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { defaultWebDistDir, registerSpa } from './plugins/spa.js';
import { operationsRoutes } from './modules/operations/operations.routes.js';
import { echoRequestId, requestIdOf } from './plugins/request-id.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { QUEUES } from './workers.js';
import type { Services } from './services.js';
import type { TrustProxy } from './config/env.js';

const JSON_BODY_LIMIT = 256 * 1024;
/**
 * Longer than any id a path may carry (their schemas cap them at 200), so an over-long id gets
 * its field's validation message; past this the router answers 414 through `frameworkErrors`.
 */
const MAX_PARAM_LENGTH = 1000;

/** Fastify's types take a hop count as a function of the hop (as it does inside). */
const trustProxyOption = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Builds the whole HTTP app on shared services; server.ts boots it and tests inject into it. */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { config, logger } = services;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: 120_000,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    // Behind a load balancer, request.ip is the client's address (rate limits, logs).
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdOf,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  echoRequestId(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  operationsRoutes(app, {
    database: services.database,
    queue: services.queue,
    queues: QUEUES,
    metricsToken: config.metricsToken,
  });

  await registerOpenApi(app, { appName: config.appName, publicUrl: config.publicUrl });
  registerAccessControl(app, {
    isApiKey: (credential) => services.apiKeys.looksLikeKey(credential),
    findApiKey: (credential) => services.apiKeys.findActive(credential),
    touchApiKey: (key) => services.apiKeys.touch(key),
    findSession: (token) => services.auth.findSession(token),
  });

  authRoutes(app, { auth: services.auth, limiter: services.limiter, limits: config.rateLimit });
  await ingestionRoutes(app, {
    ingestion: services.ingestion,
    maxUploadBytes: config.maxUploadBytes,
  });
  analyticsRoutes(app, { analytics: services.analytics });
  callCapacityRoutes(app, { callCapacity: services.callCapacity });
  rmListExportRoutes(app, { analytics: services.analytics });
  adminRoutes(app, { admin: services.admin });
  await billingRoutes(app, { billing: services.billing });
  creditsRoutes(app, { credits: services.credits });
  productsRoutes(app, { products: services.products });
  customerPageRoutes(app, { customerPage: services.customerPage });
  notesRoutes(app, { notes: services.notes });
  apiKeysRoutes(app, { apiKeys: services.apiKeys });
  feedRoutes(app, {
    feed: services.feed,
    limiter: services.limiter,
    perMinute: config.rateLimit.apiKeyPerMinute,
  });
  preferencesRoutes(app, { preferences: services.preferences });
  changesRoutes(app, { changes: services.changes });
  alertsRoutes(app, { alerts: services.alerts });

  await registerSpa(app, {
    webDistDir: config.webDistDir ?? defaultWebDistDir(),
    appName: config.appName,
  });
  return app;
}
