import {
  adminRmBookExportQuerySchema,
  adminWhoToCallExportQuerySchema,
  auditExportQuerySchema,
  customerListExportQuerySchema,
  type AuditEvent,
  type ManagedCustomer,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import {
  EXPORT_RESPONSE,
  oneChunk,
  sendExport,
  type ExportColumn,
} from '../../plugins/export-file.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import { RM_LIST_EXPORT_COLUMNS, RM_LIST_FILE_NAMES } from '../analytics/list-exports.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 403, 420);
const rmListErrors = errorResponses(400, 403, 404, 420);
const today = () => new Date().toISOString().slice(0, 10);

const CUSTOMER_COLUMNS: readonly ExportColumn<ManagedCustomer>[] = [
  { header: 'Customer ID', value: (c) => c.customer_id },
  { header: 'Country', value: (c) => c.country_iso },
  { header: 'Age', value: (c) => c.age },
  { header: 'Risk Profile', value: (c) => c.risk_profile },
  { header: 'Experience (years)', value: (c) => c.experience_years },
  { header: 'Cash %', value: (c) => c.cash_pct },
  { header: 'ETF %', value: (c) => c.etf_pct },
  { header: 'Single Stock %', value: (c) => c.single_stock_pct },
  { header: 'Leverage Ratio', value: (c) => c.leverage_ratio },
  { header: 'Created At', value: (c) => c.created_at },
  { header: 'RM', value: (c) => c.rm_name ?? '' },
];

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

const AUDIT_COLUMNS: readonly ExportColumn<AuditEvent>[] = [
  { header: 'When', value: (e) => e.created_at },
  { header: 'Person', value: (e) => e.actor_email },
  { header: 'Role', value: (e) => e.actor_role },
  { header: 'Action', value: (e) => e.action },
  { header: 'Subject Type', value: (e) => e.subject_type },
  { header: 'Subject', value: (e) => e.subject_id },
  { header: 'Before', value: (e) => json(e.before) },
  { header: 'After', value: (e) => json(e.after) },
];

/** The admin's views of an RM's lists, and their exports' addresses beside them. */
const RM_LISTS = [
  {
    list: 'book',
    path: 'admin-view-rm-book',
    operationId: 'exportRmBook',
    title: 'book',
    querystring: adminRmBookExportQuerySchema,
  },
  {
    list: 'whoToCall',
    path: 'admin-who-to-call-for-a-rm',
    operationId: 'exportRmWhoToCallForRm',
    title: 'call list',
    querystring: adminWhoToCallExportQuerySchema,
  },
] as const;

/**
 * The exports of the admin's customer list, of the audit log (under their lists' rules) and of
 * the admin's views of an RM's lists (the admin's only).
 */
export function listExportRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/content/list-customers/export',
    {
      config: { access: RULES.customerList, textResponse: EXPORT_RESPONSE },
      schema: {
        operationId: 'exportCustomers',
        summary: "Export the firm's customer list as CSV or Excel",
        ...bearerRouteDocs('customers'),
        querystring: customerListExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendExport(reply, {
        name: `customers-${today()}`,
        format: request.query.format,
        columns: CUSTOMER_COLUMNS,
        rows: await admin.exportCustomers(principalOf(request), request.query),
      }),
  );

  r.get(
    '/api/audit/events/export',
    {
      config: { access: RULES.audit, textResponse: EXPORT_RESPONSE },
      schema: {
        operationId: 'exportAuditEvents',
        summary: "Export the firm's audit log as CSV or Excel",
        ...bearerRouteDocs('audit'),
        querystring: auditExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendExport(reply, {
        name: `audit-log-${today()}`,
        format: request.query.format,
        columns: AUDIT_COLUMNS,
        rows: await admin.exportAuditEvents(principalOf(request), request.query),
      }),
  );

  for (const { list, path, operationId, title, querystring } of RM_LISTS) {
    r.get(
      `/api/content/${path}/export`,
      {
        config: { access: RULES.rmListExport, textResponse: EXPORT_RESPONSE },
        schema: {
          operationId,
          summary: `Export an RM's ${title} as CSV or Excel`,
          description: `The admin's view of the RM's ${title} (\`rm_id\`) as shown: its sort and filters${list === 'whoToCall' ? ' and scope' : ''}, every row. Another firm's RM is a 404.`,
          ...bearerRouteDocs('customers'),
          querystring,
          response: rmListErrors,
        },
      },
      async (request, reply) => {
        const rows = await admin.exportRmList(principalOf(request), list, request.query);
        return sendExport(reply, {
          name: `${RM_LIST_FILE_NAMES[list]}-${today()}`,
          format: request.query.format,
          columns: RM_LIST_EXPORT_COLUMNS[list],
          rows: oneChunk(rows),
        });
      },
    );
  }
}
