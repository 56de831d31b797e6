import type { FastifyInstance } from 'fastify';
import type { AdminService } from './admin.service.js';
import { customerAssignmentRoutes } from './customer-assignment.routes.js';
import { employeeRoutes } from './employees.routes.js';
import { firmViewRoutes } from './firm-views.routes.js';
import { listExportRoutes } from './list-export.routes.js';

/**
 * The admin module's routes, one file per domain: employees, the customer list and its
 * assignment, the firm views (an RM's book and call list, the overview, the audit log) and the
 * exports of the customer list and the audit log.
 * Registered in this order, which is the order of the OpenAPI description.
 */
export function adminRoutes(app: FastifyInstance, deps: { admin: AdminService }) {
  employeeRoutes(app, deps.admin);
  customerAssignmentRoutes(app, deps.admin);
  firmViewRoutes(app, deps.admin);
  listExportRoutes(app, deps.admin);
}
