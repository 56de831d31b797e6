import {
  callOutcomeRequestSchema,
  callOutcomeResponseSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  priorityScoresResponseSchema,
  recordHeadersSchema,
  riskRankingResponseSchema,
  rmBookResponseSchema,
  rmListQuerySchema,
  segmentsResponseSchema,
  whoToCallQuerySchema,
  whoToCallResponseSchema,
  type RmListQuery,
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

type ListJson<Q> = (principal: Principal, rmId: string, query: Q) => Promise<JsonBody>;

/** Answers the signed-in RM's own list with the JSON PostgreSQL wrote. */
const ownList =
  <Q extends RmListQuery>(list: ListJson<Q>) =>
  async (request: FastifyRequest<{ Querystring: Q }>, reply: FastifyReply) => {
    const principal = principalOf(request);
    const query = request.query as Q;
    return sendJsonBody(request, reply, await list(principal, principal.userId, query));
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
        ...docs,
        querystring: rmListQuerySchema('book'),
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
        ...docs,
        querystring: whoToCallQuerySchema,
        description:
          "Highest priority first. `scope=all` (the default) is the whole book, each customer with their `call_state`; `scope=today` is today's list: the customers who need a call (no call_state) with urgency above low, cut to the RM's calls_per_day. Search, limit and offset narrow either.",
        response: { 200: whoToCallResponseSchema, ...errors },
      },
    },
    ownList((principal, rmId, query) => analytics.whoToCallJson(principal, rmId, query)),
  );

  r.get(
    '/api/content/rm-priority-scores',
    {
      config,
      schema: {
        operationId: 'getRmPriorityScores',
        summary: "Priority scores of the signed-in RM's customers",
        ...docs,
        querystring: rmListQuerySchema('priorityScores'),
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
        ...docs,
        querystring: rmListQuerySchema('riskRanking'),
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
        ...docs,
        querystring: rmListQuerySchema('segments'),
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
          'Marks a customer of the RM’s own book called, snoozed until a date, or dismissed with a reason (`reopened` takes it back). An outcome identical to the RM’s latest one for the customer (the same outcome and snooze date, recorded for the current recommendation) records nothing and answers that one, so a double submission makes one record. Send `Idempotency-Key` to retry safely.',
        headers: recordHeadersSchema,
        body: callOutcomeRequestSchema,
        response: { 201: callOutcomeResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const answer = await analytics.recordOutcome(
        principalOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(answer.body);
    },
  );
}
