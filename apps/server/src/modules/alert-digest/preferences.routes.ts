import { preferencesRequestSchema, preferencesSchema } from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { PreferencesService } from './preferences.service.js';

/** The signed-in user's own preferences: every role reads and sets their own. */
export function preferencesRoutes(app: FastifyInstance, deps: { preferences: PreferencesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const docs = bearerRouteDocs('auth');

  r.get(
    '/api/auth/preferences',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'getPreferences',
        summary: "The signed-in user's own preferences",
        description:
          'alert_digest: whether the daily email of unread alerts is sent (daily) or not (off).',
        ...docs,
        response: { 200: preferencesSchema, ...errorResponses(420) },
      },
    },
    (request) => deps.preferences.get(principalOf(request)),
  );

  r.put(
    '/api/auth/preferences',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'setPreferences',
        summary: "Set the signed-in user's own preferences",
        description:
          'alert_digest: daily (one email a day at ALERT_DIGEST_CRON listing the alerts not yet read) or off. A change is audited.',
        ...docs,
        body: preferencesRequestSchema,
        response: { 200: preferencesSchema, ...errorResponses(400, 420) },
      },
    },
    (request) => deps.preferences.set(principalOf(request), request.body),
  );
}
