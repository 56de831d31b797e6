import {
  ADMIN_MESSAGES,
  EMPLOYEE_MESSAGES,
  type AssignmentResponse,
  type AuditEventsResponse,
  type BulkAssignmentResponse,
  type Employee,
  type EmployeeRole,
  type FirmOverviewResponse,
  type RiskLevel,
  type ProductSuggestion,
  type Segment,
  type UrgencyLevel,
  type WhoToCallScope,
  type ExportFormat,
  type RmListQuery,
  RISK_LEVELS,
  SEGMENTS,
  URGENCY_LEVELS,
  type AuditEventsQuery,
  type AuditExportQuery,
  type CustomerListExportQuery,
  type CustomerListQuery,
  type ListCustomersResponse,
  type ListEmployeesResponse,
  type ListRmsResponse,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import { JsonBody } from '../../plugins/json-body.js';
import { recordAudit } from '../audit/audit.repository.js';
import { hashPassword } from '../auth/passwords.js';
import type { Mailer } from '../mail/mailer.js';
import { employeeInvitationEmail } from '../mail/templates.js';
import { readInsightCounts } from '../customers/customer-list-index.js';
import { assignmentCounts } from '../customers/customers.repository.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import * as repo from './admin.repository.js';
import * as tools from './list-tools.repository.js';
import { pagesOf } from '../../plugins/export-file.js';
import { recordExport } from '../audit/export-audit.js';
import { rmIdsOf, withRmNames } from './audit-names.js';

const UNIQUE_VIOLATION = '23505';

const toEmployee = (row: {
  id: string;
  name: string;
  email: string;
  role: Employee['role'];
  created_at: Date;
}): Employee => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  created_at: new Date(row.created_at).toISOString(),
});

const pagination = (page: number, pageSize: number, total: number) => ({
  page,
  page_size: pageSize,
  total_count: total,
  total_pages: Math.max(1, Math.ceil(total / pageSize)),
});

interface Deps {
  db: Kysely<Database>;
  analytics: AnalyticsService;
  /** Customers' open alerts follow them to their new RM (issue 19, item 3). */
  alerts: Pick<AlertsService, 'followAssignment' | 'handOver'>;
  mailer: Mailer;
  logger: Logger;
  appName: string;
  publicUrl: string;
}

/** How a firm runs the product: employees, customer assignment, oversight and the audit log. */
export class AdminService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  async listEmployees(principal: Principal): Promise<ListEmployeesResponse> {
    const rows = await repo.listEmployees(this.db, principal.firmId);
    return { total: rows.length, employees: rows.map(toEmployee) };
  }

  async createEmployee(
    principal: Principal,
    input: { name: string; email: string; password: string; role: EmployeeRole },
  ): Promise<{ message: string; employee: Employee }> {
    const passwordHash = await hashPassword(input.password);
    let employee: Employee;
    try {
      employee = await this.db.transaction().execute(async (trx) => {
        const row = await repo.insertEmployee(trx, {
          firmId: principal.firmId,
          ...input,
          passwordHash,
        });
        const created = toEmployee(row);
        await recordAudit(trx, principal, {
          action: 'employee.created',
          subjectType: 'user',
          subjectId: created.id,
          after: { name: created.name, email: created.email, role: created.role },
        });
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        throw conflict(EMPLOYEE_MESSAGES.duplicateEmail, 'employee_email_taken');
      throw error;
    }
    const mail = employeeInvitationEmail(this.deps.appName, {
      name: employee.name,
      role: employee.role,
      email: employee.email,
      adminEmail: principal.email,
      loginUrl: `${this.deps.publicUrl}/login`,
    });
    try {
      await this.deps.mailer.send({ to: employee.email, ...mail });
      return { message: 'Employee created', employee };
    } catch (error) {
      this.deps.logger.error(
        { err: error, userId: employee.id },
        'could not send the employee invitation',
      );
      return { message: 'Employee created, but the sign-in email could not be sent', employee };
    }
  }

  async deleteEmployee(
    principal: Principal,
    email: string,
  ): Promise<{ message: string; unassigned_customers: number }> {
    if (email === principal.email) throw badRequest(EMPLOYEE_MESSAGES.cannotDeleteSelf);
    return this.db.transaction().execute(async (trx) => {
      const employee = await repo.findEmployeeByEmail(trx, principal.firmId, email);
      if (!employee) throw notFound(EMPLOYEE_MESSAGES.notFound);
      if (employee.id === principal.userId) throw badRequest(EMPLOYEE_MESSAGES.cannotDeleteSelf);
      await this.deps.alerts.handOver(trx, principal.firmId, employee.id);
      const unassigned = await repo.deleteEmployee(trx, principal.firmId, employee.id);
      await recordAudit(trx, principal, {
        action: 'employee.deleted',
        subjectType: 'user',
        subjectId: employee.id,
        before: { name: employee.name, email: employee.email, role: employee.role },
        after: { unassigned_customers: unassigned },
      });
      return { message: 'Employee deleted', unassigned_customers: unassigned };
    });
  }

  async listCustomers(
    principal: Principal,
    query: CustomerListQuery,
  ): Promise<ListCustomersResponse> {
    const { page, page_size: pageSize } = query;
    const { rows, total } = tools.usesCustomerTools(query)
      ? {
          rows: await tools.filteredCustomersPage(
            this.db,
            principal.firmId,
            query,
            (page - 1) * pageSize,
            pageSize,
          ),
          total: await tools.countFilteredCustomers(this.db, principal.firmId, query),
        }
      : await repo.listCustomersPage(this.db, {
          firmId: principal.firmId,
          page,
          pageSize,
          search: query.search,
        });
    return {
      customers: rows.map(managedCustomer),
      pagination: pagination(page, pageSize, total),
    };
  }

  /**
   * The customer list as shown (search, filters, sort; every page) for an export, a chunk at a
   * time. Audited, like every export.
   */
  async exportCustomers(principal: Principal, query: CustomerListExportQuery) {
    const { format, ...shown } = query;
    const total = await tools.countFilteredCustomers(this.db, principal.firmId, shown);
    await recordExport(this.db, principal, 'customers', { format, rows: total, query: shown });
    return mapPages(
      pagesOf((offset, size) =>
        tools.filteredCustomersPage(this.db, principal.firmId, shown, offset, size),
      ),
      managedCustomer,
    );
  }

  async listRms(principal: Principal): Promise<ListRmsResponse> {
    const rows = await repo.listRms(this.db, principal.firmId);
    return {
      rms: rows.map((r) => ({
        rm_id: r.id,
        full_name: r.name,
        email: r.email,
        customer_count: Number(r.customer_count),
      })),
    };
  }

  /** Assigns an unassigned customer (mode assign) or moves an assigned one (mode reassign). */
  async setCustomerRm(
    principal: Principal,
    input: { customerId: string; rmId: string; mode: 'assign' | 'reassign' },
  ): Promise<AssignmentResponse> {
    return this.db.transaction().execute(async (trx) => {
      const rm = await repo.findRm(trx, principal.firmId, input.rmId);
      if (!rm) throw notFound(ADMIN_MESSAGES.rmNotFound);
      const customer = await repo.findCustomerForUpdate(trx, principal.firmId, input.customerId);
      if (!customer) throw notFound(ADMIN_MESSAGES.customerNotFound);
      if (input.mode === 'assign' && customer.rm_id) throw conflict(ADMIN_MESSAGES.alreadyAssigned);
      if (input.mode === 'reassign' && !customer.rm_id) throw conflict(ADMIN_MESSAGES.notAssigned);
      if (customer.rm_id === rm.id) throw conflict(ADMIN_MESSAGES.sameRm);
      await repo.setRm(trx, principal.firmId, [customer.customer_id], rm.id);
      await this.deps.alerts.followAssignment(trx, principal.firmId, [customer.customer_id]);
      await recordAudit(trx, principal, {
        action: input.mode === 'assign' ? 'customer.assigned' : 'customer.reassigned',
        subjectType: 'customer',
        subjectId: customer.customer_id,
        before: { rm_id: customer.rm_id },
        after: { rm_id: rm.id, rm_name: rm.name },
      });
      return {
        message: input.mode === 'assign' ? 'Customer assigned' : 'Customer reassigned',
        customer_id: customer.customer_id,
        rm_id: rm.id,
        previous_rm_id: customer.rm_id,
      };
    });
  }

  /** Assigns many customers to one RM at once; unknown ids fail the whole request. */
  async bulkAssign(
    principal: Principal,
    input: { customerIds: string[]; rmId: string },
  ): Promise<BulkAssignmentResponse> {
    const ids = [...new Set(input.customerIds)];
    return this.db.transaction().execute(async (trx) => {
      const rm = await repo.findRm(trx, principal.firmId, input.rmId);
      if (!rm) throw notFound(ADMIN_MESSAGES.rmNotFound);
      const found = await repo.lockCustomers(trx, principal.firmId, ids);
      if (found.length !== ids.length) {
        const known = new Set(found.map((c) => c.customer_id));
        const missing = ids.filter((id) => !known.has(id));
        throw notFound(
          `${ADMIN_MESSAGES.customerNotFound}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}`,
        );
      }
      const assigned = await repo.setRm(trx, principal.firmId, ids, rm.id);
      await this.deps.alerts.followAssignment(trx, principal.firmId, ids);
      await recordAudit(trx, principal, {
        action: 'customer.bulk_assigned',
        subjectType: 'rm',
        subjectId: rm.id,
        before: { customers: found.map((c) => ({ customer_id: c.customer_id, rm_id: c.rm_id })) },
        after: { rm_id: rm.id, customers: ids.length },
      });
      return {
        message: `${assigned} customers assigned to ${rm.name}`,
        assigned,
        per_rm: [{ rm_id: rm.id, assigned }],
      };
    });
  }

  /** Shares the unassigned customers evenly (round robin, in customer id order) across the RMs. */
  async distributeUnassigned(
    principal: Principal,
    rmIds: string[],
  ): Promise<BulkAssignmentResponse> {
    const unique = [...new Set(rmIds)];
    return this.db.transaction().execute(async (trx) => {
      for (const id of unique)
        if (!(await repo.findRm(trx, principal.firmId, id)))
          throw notFound(ADMIN_MESSAGES.rmNotFound);
      const customers = await repo.unassignedCustomerIds(trx, principal.firmId);
      const shares = unique.map((rmId, i) => ({
        rmId,
        ids: customers.filter((_, j) => j % unique.length === i),
      }));
      for (const share of shares) await repo.setRm(trx, principal.firmId, share.ids, share.rmId);
      // Every customer moved was unassigned: the firm's check finds the admins' alerts to move.
      await this.deps.alerts.followAssignment(trx, principal.firmId);
      const perRm = shares.map((s) => ({ rm_id: s.rmId, assigned: s.ids.length }));
      await recordAudit(trx, principal, {
        action: 'customer.distributed',
        subjectType: 'firm',
        subjectId: principal.firmId,
        after: { per_rm: perRm },
      });
      return {
        message: `${customers.length} customers distributed`,
        assigned: customers.length,
        per_rm: perRm,
      };
    });
  }

  /** An RM's book (`RmBookResponse`), written by PostgreSQL. */
  viewRmBook(principal: Principal, rmId: string, view: RmListQuery = {}): Promise<JsonBody> {
    return this.deps.analytics.bookJson(principal, rmId, view);
  }

  /** An RM's call list with the RM (`AdminWhoToCallResponse`). */
  async whoToCallForRm(
    principal: Principal,
    rmId: string,
    query: RmListQuery & { scope?: WhoToCallScope } = {},
  ): Promise<JsonBody> {
    const rm = await this.rmOfFirm(principal, rmId);
    const list = await this.deps.analytics.whoToCallJson(principal, rm.id, query);
    const head = `{"rm_id":${JSON.stringify(rm.id)},"rm_name":${JSON.stringify(rm.name)},"list":`;
    return new JsonBody(Buffer.concat([Buffer.from(head), list.utf8, Buffer.from('}')]));
  }

  /** The rows of the admin's view of an RM's book or call list, as shown, for an export. */
  async exportRmList(
    principal: Principal,
    list: 'book' | 'whoToCall',
    query: RmListQuery & { rm_id: string; format: ExportFormat; scope?: WhoToCallScope },
  ): Promise<Record<string, unknown>[]> {
    const { rm_id, ...view } = query;
    const rm = await this.rmOfFirm(principal, rm_id);
    return this.deps.analytics.exportRows(principal, list, view, rm.id);
  }

  /** An RM of the principal's firm; 404 for anyone else's id. */
  private async rmOfFirm(principal: Principal, rmId: string) {
    const rm = await repo.findRm(this.db, principal.firmId, rmId);
    if (!rm) throw notFound(ADMIN_MESSAGES.rmNotFound);
    return rm;
  }

  /** The firm at a glance for the admin dashboard: counts, distributions and who needs a call. */
  async firmOverview(principal: Principal): Promise<FirmOverviewResponse> {
    const firmId = principal.firmId;
    const [counts, rms, risk, segment, urgency, top, awaitingReview] = await Promise.all([
      assignmentCounts(this.db, firmId),
      this.listRms(principal),
      readInsightCounts(this.db, firmId, 'risk_level', RISK_LEVELS),
      readInsightCounts(this.db, firmId, 'segment', SEGMENTS),
      readInsightCounts(this.db, firmId, 'urgency_level', URGENCY_LEVELS),
      repo.topPriority(this.db, firmId, 10),
      repo.countAwaitingReview(this.db, firmId),
    ]);
    return {
      total_customers: counts.total,
      assigned: counts.assigned,
      unassigned: counts.total - counts.assigned,
      per_rm: rms.rms,
      risk_distribution: risk,
      segment_distribution: segment,
      urgency_distribution: urgency,
      awaiting_review: awaitingReview,
      top_priority: top.map((r) => ({
        ...r,
        urgency_level: r.urgency_level as UrgencyLevel,
        risk_level: r.risk_level as RiskLevel,
        segment: r.segment as Segment,
        recommended_products: r.recommended_products as ProductSuggestion[],
        rm_name: r.rm_name ?? null,
      })),
    };
  }

  async auditEvents(principal: Principal, query: AuditEventsQuery): Promise<AuditEventsResponse> {
    const { rows, total } = await repo.auditPage(this.db, principal.firmId, query);
    return {
      events: await this.namedEvents(principal, rows),
      pagination: pagination(query.page, query.page_size, total),
    };
  }

  /** The audit log as filtered (every page) for an export, a chunk at a time; audited itself. */
  async exportAuditEvents(principal: Principal, query: AuditExportQuery) {
    const { format, ...filters } = query;
    const total = await tools.countAuditEvents(this.db, principal.firmId, filters);
    await recordExport(this.db, principal, 'audit-log', { format, rows: total, query: filters });
    // Read after the export's own event, which it lists when the filters keep it.
    return pagesOf(async (offset, size) =>
      this.namedEvents(
        principal,
        await repo.auditEventsAt(this.db, principal.firmId, filters, offset, size),
      ),
    );
  }

  /** Events as the log answers them, with the names of the RMs they touched. */
  private async namedEvents(principal: Principal, rows: AuditRow[]) {
    const rmIds = new Set<string>();
    for (const row of rows) rmIdsOf(row.after, rmIdsOf(row.before, rmIds));
    const names = await repo.userNames(this.db, principal.firmId, [...rmIds]);
    return rows.map((r) => ({
      ...r,
      before: withRmNames(r.before, names),
      after: withRmNames(r.after, names),
      id: String(r.id),
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}

type AuditRow = Awaited<ReturnType<typeof repo.auditEventsAt>>[number];
type CustomerRow = Awaited<ReturnType<typeof tools.filteredCustomersPage>>[number];

const managedCustomer = (r: CustomerRow) => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  rm_name: r.rm_name ?? null,
});

async function* mapPages<Row, Out>(pages: AsyncIterable<Row[]>, map: (row: Row) => Out) {
  for await (const page of pages) yield page.map(map);
}
