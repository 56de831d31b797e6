import {
  createEmployeeRequestSchema,
  createEmployeeResponseSchema,
  deleteEmployeeRequestSchema,
  listEmployeesResponseSchema,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 403, 404, 409, 420);

/** The firm's employees: the directory, adding an employee and deleting one (docs/permissions.md). */
export function employeeRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const employees = bearerRouteDocs('employees');

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
}
