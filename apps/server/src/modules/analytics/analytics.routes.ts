import {
  callOutcomeRequestSchema,
  callOutcomeResponseSchema,
  listWindowQuerySchema,
  priorityScoresResponseSchema,
  riskRankingResponseSchema,
  rmBookResponseSchema,
  segmentsResponseSchema,
  whoToCallResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AnalyticsService } from './analytics.service.js';

const errors = errorResponses(400, 403, 404, 420);
const docs = bearerRouteDocs('rm analytics');
const common = { ...docs, querystring: listWindowQuerySchema };

export function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const { analytics } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.ownBook };

  r.get(
    '/api/content/rm-own-book',
    { config, schema: { ...common, response: { 200: rmBookResponseSchema, ...errors } } },
    (request) => {
      const principal = principalOf(request);
      return analytics.book(principal, principal.userId, request.query);
    },
  );

  r.get(
    '/api/content/rm-who-to-call',
    {
      config,
      schema: {
        ...common,
        description:
          'Highest priority first; called, dismissed and snoozed customers leave the list until their recommendation changes or the snooze ends.',
        response: { 200: whoToCallResponseSchema, ...errors },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return analytics.whoToCall(principal, principal.userId, request.query);
    },
  );

  r.get(
    '/api/content/rm-priority-scores',
    { config, schema: { ...common, response: { 200: priorityScoresResponseSchema, ...errors } } },
    (request) => {
      const principal = principalOf(request);
      return analytics.priorityScores(principal, principal.userId, request.query);
    },
  );

  r.get(
    '/api/content/rm-risk-ranking',
    { config, schema: { ...common, response: { 200: riskRankingResponseSchema, ...errors } } },
    (request) => {
      const principal = principalOf(request);
      return analytics.riskRanking(principal, principal.userId, request.query);
    },
  );

  r.get(
    '/api/content/rm-segments',
    { config, schema: { ...common, response: { 200: segmentsResponseSchema, ...errors } } },
    (request) => {
      const principal = principalOf(request);
      return analytics.segments(principal, principal.userId, request.query);
    },
  );

  r.post(
    '/api/content/rm-call-outcome',
    {
      config,
      schema: {
        ...docs,
        description:
          'Marks a customer of the RM’s own book called, snoozed until a date, or dismissed with a reason.',
        body: callOutcomeRequestSchema,
        response: { 201: callOutcomeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await analytics.recordOutcome(principalOf(request), request.body)),
  );
}
