import {
  callCapacityResponseSchema,
  firmCallCapacityRequestSchema,
  ownCallCapacityRequestSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { CallCapacityService } from './call-capacity.service.js';

/** The daily call capacity: read by the admin and RMs, set by the admin (firm) or an RM (own). */
export function callCapacityRoutes(
  app: FastifyInstance,
  deps: { callCapacity: CallCapacityService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const docs = bearerRouteDocs('rm analytics');
  const errors = errorResponses(400, 403, 420);
  const response = { 200: callCapacityResponseSchema, ...errors };

  r.get(
    '/api/settings/call-capacity',
    {
      config: { access: RULES.callCapacity },
      schema: {
        operationId: 'getCallCapacity',
        summary: 'How many calls a day size the call list',
        description:
          "The firm's calls_per_day, the signed-in RM's own, and the one that sizes their list (own, else firm, else the default).",
        ...docs,
        response,
      },
    },
    (request) => deps.callCapacity.get(principalOf(request)),
  );

  r.put(
    '/api/settings/firm-call-capacity',
    {
      config: { access: RULES.admin },
      schema: {
        operationId: 'setFirmCallCapacity',
        summary: "Set the firm's daily call capacity",
        description: 'Audited. null goes back to the default.',
        ...docs,
        body: firmCallCapacityRequestSchema,
        response,
      },
    },
    (request) => deps.callCapacity.setFirm(principalOf(request), request.body.calls_per_day),
  );

  r.put(
    '/api/settings/my-call-capacity',
    {
      config: { access: RULES.ownBook },
      schema: {
        operationId: 'setOwnCallCapacity',
        summary: "Set the signed-in RM's own daily call capacity",
        description: "Audited. null follows the firm's setting again.",
        ...docs,
        body: ownCallCapacityRequestSchema,
        response,
      },
    },
    (request) => deps.callCapacity.setOwn(principalOf(request), request.body.calls_per_day),
  );
}
