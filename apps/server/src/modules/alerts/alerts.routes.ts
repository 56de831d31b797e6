import {
  alertParamsSchema,
  alertReadResponseSchema,
  alertsQuerySchema,
  alertsReadAllResponseSchema,
  alertsResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AlertsService } from './alerts.service.js';

/** The signed-in user's alerts: every employee, their own only. */
export function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.anyEmployee };
  const docs = bearerRouteDocs('alerts');

  r.get(
    '/api/alerts',
    {
      config,
      schema: {
        operationId: 'listAlerts',
        summary: 'My alerts, newest first',
        description:
          "The signed-in user's alerts (unread only unless `status=all`), newest first, and how many are unread. An RM's alerts are about the customers in their book; the admins get those of customers without an RM.",
        ...docs,
        querystring: alertsQuerySchema,
        response: { 200: alertsResponseSchema, ...errorResponses(400, 420) },
      },
    },
    (request) => deps.alerts.list(principalOf(request), request.query),
  );

  r.post(
    '/api/alerts/:alert_id/read',
    {
      config,
      schema: {
        operationId: 'markAlertRead',
        summary: 'Mark one of my alerts read',
        description: "Another user's alert, like another firm's, answers 404.",
        ...docs,
        params: alertParamsSchema,
        response: { 200: alertReadResponseSchema, ...errorResponses(400, 404, 420) },
      },
    },
    (request) => deps.alerts.markRead(principalOf(request), request.params.alert_id),
  );

  r.post(
    '/api/alerts/read-all',
    {
      config,
      schema: {
        operationId: 'markAllAlertsRead',
        summary: 'Mark all my alerts read',
        ...docs,
        response: { 200: alertsReadAllResponseSchema, ...errorResponses(420) },
      },
    },
    (request) => deps.alerts.markAllRead(principalOf(request)),
  );
}
