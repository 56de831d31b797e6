import {
  callOutcomeRequestSchema,
  callOutcomeResponseSchema,
  listWindowQuerySchema,
  priorityScoresResponseSchema,
  riskRankingResponseSchema,
  rmBookResponseSchema,
  segmentsResponseSchema,
  whoToCallResponseSchema,
  type ListWindowQuery,
} from '@behavio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type Principal } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { sendJsonBody, type JsonBody } from '../../plugins/json-body.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AnalyticsService } from './analytics.service.js';

const errors = errorResponses(400, 403, 404, 420);
const docs = bearerRouteDocs('rm analytics');
const common = { ...docs, querystring: listWindowQuerySchema };

type ListJson = (principal: Principal, rmId: string, window: ListWindowQuery) => Promise<JsonBody>;

/** Answers the signed-in RM's own list with the JSON PostgreSQL wrote. */
const ownList =
  (list: ListJson) =>
  async (request: FastifyRequest<{ Querystring: ListWindowQuery }>, reply: FastifyReply) => {
    const principal = principalOf(request);
    return sendJsonBody(request, reply, await list(principal, principal.userId, request.query));
  };

export function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const { analytics } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.ownBook };

  r.get(
    '/api/content/rm-own-book',
    {
      config,
      schema: {
        operationId: 'getRmOwnBook',
        summary: "The signed-in RM's customers",
        ...common,
        response: { 200: rmBookResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, window) => analytics.bookJson(principal, rmId, window)),
  );

  r.get(
    '/api/content/rm-who-to-call',
    {
      config,
      schema: {
        operationId: 'getRmWhoToCall',
        summary: "The signed-in RM's call list, most urgent first",
        ...common,
        description:
          'Highest priority first; called, dismissed and snoozed customers leave the list until their recommendation changes or the snooze ends.',
        response: { 200: whoToCallResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, window) => analytics.whoToCallJson(principal, rmId, window)),
  );

  r.get(
    '/api/content/rm-priority-scores',
    {
      config,
      schema: {
        operationId: 'getRmPriorityScores',
        summary: "Priority scores of the signed-in RM's customers",
        ...common,
        response: { 200: priorityScoresResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, window) => analytics.priorityScoresJson(principal, rmId, window)),
  );

  r.get(
    '/api/content/rm-risk-ranking',
    {
      config,
      schema: {
        operationId: 'getRmRiskRanking',
        summary: "The signed-in RM's customers by risk level",
        ...common,
        response: { 200: riskRankingResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, window) => analytics.riskRankingJson(principal, rmId, window)),
  );

  r.get(
    '/api/content/rm-segments',
    {
      config,
      schema: {
        operationId: 'getRmSegments',
        summary: "The signed-in RM's customers by behavioural segment",
        ...common,
        response: { 200: segmentsResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, window) => analytics.segmentsJson(principal, rmId, window)),
  );

  r.post(
    '/api/content/rm-call-outcome',
    {
      config,
      schema: {
        operationId: 'recordCallOutcome',
        summary: "Record a call outcome for one of the RM's customers",
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
