import {
  assignRmRequestSchema,
  assignmentResponseSchema,
  bulkAssignRequestSchema,
  bulkAssignmentResponseSchema,
  distributeRequestSchema,
  customerListQuerySchema,
  listCustomersResponseSchema,
  listRmsResponseSchema,
  reassignRmRequestSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);

/** The customer list and who looks after each customer: assign, reassign, in bulk, evenly. */
export function customerAssignmentRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customers = bearerRouteDocs('customers');

  r.get(
    '/api/content/list-customers',
    {
      config: { access: RULES.customerList },
      schema: {
        operationId: 'listCustomers',
        summary: "The firm's customers, paged and searchable",
        ...customers,
        querystring: customerListQuerySchema,
        response: { 200: listCustomersResponseSchema, ...errors },
      },
    },
    (request) => admin.listCustomers(principalOf(request), request.query),
  );

  r.get(
    '/api/content/list-rms',
    {
      config: { access: RULES.customerList },
      schema: {
        operationId: 'listRms',
        summary: "The firm's relationship managers and their book sizes",
        ...customers,
        response: { 200: listRmsResponseSchema, ...errors },
      },
    },
    (request) => admin.listRms(principalOf(request)),
  );

  r.post(
    '/api/content/assign-rm',
    {
      config: { access: RULES.assignment },
      schema: {
        operationId: 'assignRm',
        summary: 'Assign an unassigned customer to an RM',
        ...customers,
        body: assignRmRequestSchema,
        response: { 200: assignmentResponseSchema, ...errors },
      },
    },
    (request) =>
      admin.setCustomerRm(principalOf(request), {
        customerId: request.body.customer_id,
        rmId: request.body.rm_id,
        mode: 'assign',
      }),
  );

  r.put(
    '/api/content/reassign-rm',
    {
      config: { access: RULES.assignment },
      schema: {
        operationId: 'reassignRm',
        summary: 'Move a customer to another RM',
        ...customers,
        body: reassignRmRequestSchema,
        response: { 200: assignmentResponseSchema, ...errors },
      },
    },
    (request) =>
      admin.setCustomerRm(principalOf(request), {
        customerId: request.body.customer_id,
        rmId: request.body.new_rm_id,
        mode: 'reassign',
      }),
  );

  r.post(
    '/api/content/assign-rm-bulk',
    {
      config: { access: RULES.assignment },
      schema: {
        operationId: 'assignRmBulk',
        summary: 'Assign several customers to an RM',
        ...customers,
        description: 'Assigns up to 1,000 customers to one RM at once (assigned ones are moved).',
        body: bulkAssignRequestSchema,
        response: { 200: bulkAssignmentResponseSchema, ...errors },
      },
    },
    (request) =>
      admin.bulkAssign(principalOf(request), {
        customerIds: request.body.customer_ids,
        rmId: request.body.rm_id,
      }),
  );

  r.post(
    '/api/content/distribute-unassigned',
    {
      config: { access: RULES.assignment },
      schema: {
        operationId: 'distributeUnassigned',
        summary: 'Share the unassigned customers out among chosen RMs',
        ...customers,
        description: 'Shares every unassigned customer evenly across the chosen RMs.',
        body: distributeRequestSchema,
        response: { 200: bulkAssignmentResponseSchema, ...errors },
      },
    },
    (request) => admin.distributeUnassigned(principalOf(request), request.body.rm_ids),
  );
}
