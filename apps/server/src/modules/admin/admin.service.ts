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
  RISK_LEVELS,
  SEGMENTS,
  URGENCY_LEVELS,
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
import * as repo from './admin.repository.js';
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
    query: { page: number; page_size: number; search?: string | undefined },
  ): Promise<ListCustomersResponse> {
    const { rows, total } = await repo.listCustomersPage(this.db, {
      firmId: principal.firmId,
      page: query.page,
      pageSize: query.page_size,
      search: query.search,
    });
    return {
      customers: rows.map((r) => ({
        ...r,
        created_at: new Date(r.created_at).toISOString(),
        rm_name: r.rm_name ?? null,
      })),
      pagination: pagination(query.page, query.page_size, total),
    };
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
      const found = await trx
        .selectFrom('customers')
        .select(['customer_id', 'rm_id'])
        .where('firm_id', '=', principal.firmId)
        .where('customer_id', 'in', ids)
        .forUpdate()
        .execute();
      if (found.length !== ids.length) {
        const known = new Set(found.map((c) => c.customer_id));
        const missing = ids.filter((id) => !known.has(id));
        throw notFound(
          `${ADMIN_MESSAGES.customerNotFound}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}`,
        );
      }
      const assigned = await repo.setRm(trx, principal.firmId, ids, rm.id);
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
  viewRmBook(principal: Principal, rmId: string): Promise<JsonBody> {
    return this.deps.analytics.bookJson(principal, rmId);
  }

  /** An RM's call list with the RM (`AdminWhoToCallResponse`). */
  async whoToCallForRm(principal: Principal, rmId: string): Promise<JsonBody> {
    const rm = await repo.findRm(this.db, principal.firmId, rmId);
    if (!rm) throw notFound(ADMIN_MESSAGES.rmNotFound);
    const list = await this.deps.analytics.whoToCallJson(principal, rmId);
    const head = `{"rm_id":${JSON.stringify(rm.id)},"rm_name":${JSON.stringify(rm.name)},"list":`;
    return new JsonBody(Buffer.concat([Buffer.from(head), list.utf8, Buffer.from('}')]));
  }

  /** The firm at a glance for the admin dashboard: counts, distributions and who needs a call. */
  async firmOverview(principal: Principal): Promise<FirmOverviewResponse> {
    const firmId = principal.firmId;
    const [counts, rms, risk, segment, urgency, top] = await Promise.all([
      assignmentCounts(this.db, firmId),
      this.listRms(principal),
      readInsightCounts(this.db, firmId, 'risk_level', RISK_LEVELS),
      readInsightCounts(this.db, firmId, 'segment', SEGMENTS),
      readInsightCounts(this.db, firmId, 'urgency_level', URGENCY_LEVELS),
      repo.topPriority(this.db, firmId, 10),
    ]);
    return {
      total_customers: counts.total,
      assigned: counts.assigned,
      unassigned: counts.total - counts.assigned,
      per_rm: rms.rms,
      risk_distribution: risk,
      segment_distribution: segment,
      urgency_distribution: urgency,
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

  async auditEvents(
    principal: Principal,
    query: { page: number; page_size: number },
  ): Promise<AuditEventsResponse> {
    const { rows, total } = await repo.auditPage(
      this.db,
      principal.firmId,
      query.page,
      query.page_size,
    );
    const rmIds = new Set<string>();
    for (const row of rows) rmIdsOf(row.after, rmIdsOf(row.before, rmIds));
    const names = await repo.userNames(this.db, principal.firmId, [...rmIds]);
    return {
      events: rows.map((r) => ({
        ...r,
        before: withRmNames(r.before, names),
        after: withRmNames(r.after, names),
        id: String(r.id),
        created_at: new Date(r.created_at).toISOString(),
      })),
      pagination: pagination(query.page, query.page_size, total),
    };
  }
}
