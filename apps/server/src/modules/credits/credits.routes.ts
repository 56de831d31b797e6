import {
  featureDataSchema,
  featureKeyParamsSchema,
  notEnoughCreditsBodySchema,
  unlockResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { CreditsService } from './credits.service.js';

const errors = errorResponses(403, 404, 420);
const docs = bearerRouteDocs('premium features');

export function creditsRoutes(app: FastifyInstance, deps: { credits: CreditsService }) {
  const { credits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/free/:featureKey',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'unlockFeature',
        summary: 'Unlock a premium feature with credits',
        ...docs,
        description:
          "Unlocks a premium feature with credits: freeRoute1 ('Premium Feature Access') or freeRoute2 ('Advanced Data Insights'). Each call costs 10 credits, debited atomically; 421 when the balance is under 10; 404 for another key.",
        params: featureKeyParamsSchema,
        response: { 200: unlockResponseSchema, 421: notEnoughCreditsBodySchema, ...errors },
      },
    },
    (request) => credits.unlock(principalOf(request), request.params.featureKey),
  );

  r.get(
    '/api/paid/:featureKey',
    {
      config: { access: RULES.paidFeature },
      schema: {
        operationId: 'getPaidFeature',
        summary: 'A premium feature of the paid plans',
        ...docs,
        description:
          'The same premium features on a paid plan (paidRoute1, paidRoute2), without credits.',
        params: featureKeyParamsSchema,
        response: { 200: featureDataSchema, ...errors },
      },
    },
    (request) => credits.paidFeature(principalOf(request), request.params.featureKey),
  );
}
