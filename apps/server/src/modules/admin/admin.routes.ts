import {
  adminRmBookResponseSchema,
  adminWhoToCallResponseSchema,
  assignRmRequestSchema,
  assignmentResponseSchema,
  auditEventsQuerySchema,
  auditEventsResponseSchema,
  bulkAssignRequestSchema,
  bulkAssignmentResponseSchema,
  createEmployeeRequestSchema,
  createEmployeeResponseSchema,
  deleteEmployeeRequestSchema,
  distributeRequestSchema,
  firmOverviewResponseSchema,
  listCustomersQuerySchema,
  listCustomersResponseSchema,
  listEmployeesResponseSchema,
  listRmsResponseSchema,
  reassignRmRequestSchema,
  rmIdRequestSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { sendJsonBody } from '../../plugins/json-body.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);

export function adminRoutes(app: FastifyInstance, deps: { admin: AdminService }) {
  const { admin } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const employees = bearerRouteDocs('employees');
  const customers = bearerRouteDocs('customers');

  r.get(
    '/api/roles/list-all-employees',
    {
      config: { access: RULES.employeeDirectory },
      schema: {
        operationId: 'listEmployees',
        summary: "The firm's employees",
        ...employees,
        response: { 200: listEmployeesResponseSchema, ...errors },
      },
    },
    (request) => admin.listEmployees(principalOf(request)),
  );

  r.post(
    '/api/roles/create-new-employee',
    {
      config: { access: RULES.roleManagement },
      schema: {
        operationId: 'createEmployee',
        summary: 'Add an employee and mail them their sign-in',
        ...employees,
        body: createEmployeeRequestSchema,
        response: { 201: createEmployeeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createEmployee(principalOf(request), request.body)),
  );

  r.delete(
    '/api/roles/delete-employee',
    {
      config: { access: RULES.roleManagement },
      schema: {
        operationId: 'deleteEmployee',
        summary: 'Delete an employee',
        ...employees,
        body: deleteEmployeeRequestSchema,
        description: 'Deleting an RM unassigns their customers in the same transaction.',
        response: {
          200: z.object({ message: z.string(), unassigned_customers: z.number().int() }),
          ...errors,
        },
      },
    },
    (request) => admin.deleteEmployee(principalOf(request), request.body.email),
  );

  r.get(
    '/api/content/list-customers',
    {
      config: { access: RULES.customerList },
      schema: {
        operationId: 'listCustomers',
        summary: "The firm's customers, paged and searchable",
        ...customers,
        querystring: listCustomersQuerySchema,
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

  r.post(
    '/api/content/admin-view-rm-book',
    {
      config: { access: RULES.rmOversight },
      schema: {
        operationId: 'getRmBook',
        summary: "An RM's customers",
        ...customers,
        body: rmIdRequestSchema,
        response: { 200: adminRmBookResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonBody(
        request,
        reply,
        await admin.viewRmBook(principalOf(request), request.body.rm_id),
      ),
  );

  r.post(
    '/api/content/admin-who-to-call-for-a-rm',
    {
      config: { access: RULES.rmOversight },
      schema: {
        operationId: 'getRmWhoToCallForRm',
        summary: "An RM's call list, most urgent first",
        ...customers,
        body: rmIdRequestSchema,
        response: { 200: adminWhoToCallResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonBody(
        request,
        reply,
        await admin.whoToCallForRm(principalOf(request), request.body.rm_id),
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
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventsResponseSchema, ...errors },
      },
    },
    (request) => admin.auditEvents(principalOf(request), request.query),
  );
}
