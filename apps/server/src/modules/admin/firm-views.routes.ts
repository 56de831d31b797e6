import {
  adminRmBookRequestSchema,
  adminRmBookResponseSchema,
  adminWhoToCallRequestSchema,
  adminWhoToCallResponseSchema,
  auditEventsFilteredQuerySchema,
  auditEventsResponseSchema,
  firmOverviewResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { sendJsonBody } from '../../plugins/json-body.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);

/** The request without the RM: the list's view (its tools, and the call list's scope). */
const viewOf = <B extends { rm_id: string }>({ rm_id: _rmId, ...view }: B) => view;

/** What the admin and oversight roles read of the firm: an RM's book and call list, the overview, the audit log. */
export function firmViewRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customers = bearerRouteDocs('customers');

  r.post(
    '/api/content/admin-view-rm-book',
    {
      config: { access: RULES.rmOversight },
      schema: {
        operationId: 'getRmBook',
        summary: "An RM's customers",
        description:
          "The RM's book, in the RM's own list's order. The list tools (`sort`, `order`, `urgency`, `risk_level`, `segment`) are optional, as on `rm-own-book`.",
        ...customers,
        body: adminRmBookRequestSchema,
        response: { 200: adminRmBookResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonBody(
        request,
        reply,
        await admin.viewRmBook(principalOf(request), request.body.rm_id, viewOf(request.body)),
      ),
  );

  r.post(
    '/api/content/admin-who-to-call-for-a-rm',
    {
      config: { access: RULES.rmOversight },
      schema: {
        operationId: 'getRmWhoToCallForRm',
        summary: "An RM's call list, most urgent first",
        description:
          "As the RM's own `rm-who-to-call`: `scope` `all` (the default) is the RM's whole book with each customer's `call_state`, `today` the RM's list for today, cut to their calls_per_day. The list tools (`sort`, `order`, `urgency`, `risk_level`, `segment`) are optional, as on `rm-who-to-call`.",
        ...customers,
        body: adminWhoToCallRequestSchema,
        response: { 200: adminWhoToCallResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonBody(
        request,
        reply,
        await admin.whoToCallForRm(principalOf(request), request.body.rm_id, viewOf(request.body)),
      ),
  );

  r.get(
    '/api/content/firm-overview',
    {
      config: { access: RULES.rmOversight },
      schema: {
        operationId: 'getFirmOverview',
        summary: "The firm's customers, RMs and risk at a glance",
        ...customers,
        description:
          'The firm at a glance: customers, assignment, distributions and the top 10 by priority.',
        response: { 200: firmOverviewResponseSchema, ...errors },
      },
    },
    (request) => admin.firmOverview(principalOf(request)),
  );

  r.get(
    '/api/audit/events',
    {
      config: { access: RULES.audit },
      schema: {
        operationId: 'listAuditEvents',
        summary: "The firm's audit log, newest first",
        ...bearerRouteDocs('audit'),
        querystring: auditEventsFilteredQuerySchema,
        response: { 200: auditEventsResponseSchema, ...errors },
      },
    },
    (request) => admin.auditEvents(principalOf(request), request.query),
  );
}
