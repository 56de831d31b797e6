import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.js';
import { employeeRoleSchema, roleSchema } from '../roles.js';
import { customerSchema, rmBookResponseSchema } from './customers.js';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  requiredString,
  searchParam,
  wholeNumberParam,
} from './fields.js';
import { whoToCallItemSchema } from './insights.js';
import { needsReviewField } from './suitability.js';

/** Messages of product-rules: Validation rules "New RM form", shown by the form and answered by the server. */
export const EMPLOYEE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password is too long',
  roleInvalid: 'Role must be one of rm, compliance, head or view',
  duplicateEmail: 'An employee with this email already exists in your firm',
  cannotDeleteSelf: 'You cannot delete your own account',
  notFound: 'Employee not found',
  upgradeRequired:
    'Role management is available on the Pro and Business plans. Upgrade to manage employees.',
} as const;

export const ADMIN_MESSAGES = {
  customerNotFound: 'Customer not found',
  rmNotFound: 'Relationship manager not found',
  alreadyAssigned: 'This customer is already assigned; use Reassign instead',
  notAssigned: 'This customer is not assigned yet; use Assign instead',
  sameRm: 'This customer is already assigned to that relationship manager',
  customerRequired: 'Customer ID is required',
  rmRequired: 'Choose a relationship manager',
  noRmsChosen: 'Choose at least one relationship manager',
  upgradeRequired: 'Customer management is available on the Pro and Business plans.',
} as const;

export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  created_at: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const listEmployeesResponseSchema = z.object({
  total: z.number().int(),
  employees: z.array(employeeSchema),
});
export type ListEmployeesResponse = z.infer<typeof listEmployeesResponseSchema>;

export const createEmployeeRequestSchema = z.object({
  name: requiredString(EMPLOYEE_MESSAGES.nameRequired).max(100, EMPLOYEE_MESSAGES.nameTooLong),
  email: requiredString(EMPLOYEE_MESSAGES.emailRequired)
    .max(EMAIL_MAX, EMPLOYEE_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, EMPLOYEE_MESSAGES.emailInvalid)
    .toLowerCase(),
  password: z
    .string({ error: EMPLOYEE_MESSAGES.passwordRequired })
    .min(1, EMPLOYEE_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN, EMPLOYEE_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, EMPLOYEE_MESSAGES.passwordTooLong),
  role: z.enum(employeeRoleSchema.options, { error: EMPLOYEE_MESSAGES.roleInvalid }).default('rm'),
});
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequestSchema>;

export const createEmployeeResponseSchema = z.object({
  message: z.string(),
  employee: employeeSchema,
});

export const deleteEmployeeRequestSchema = z.object({
  email: requiredString(EMPLOYEE_MESSAGES.emailRequired).max(EMAIL_MAX).toLowerCase(),
});

export const listCustomersQuerySchema = z.object({
  page: wholeNumberParam('page', 1, 1_000_000).default(1),
  page_size: wholeNumberParam('page_size', 1, 100).default(25),
  search: searchParam,
});
export type ListCustomersQuery = z.input<typeof listCustomersQuerySchema>;

export const managedCustomerSchema = customerSchema.extend({
  rm_name: z.string().nullable(),
  /** A vulnerability flag asks for a review before any advice (issue 28, item 2). */
  needs_review: needsReviewField,
});
export type ManagedCustomer = z.infer<typeof managedCustomerSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});

export const listCustomersResponseSchema = z.object({
  customers: z.array(managedCustomerSchema),
  pagination: paginationSchema,
});
export type ListCustomersResponse = z.infer<typeof listCustomersResponseSchema>;

export const rmSummarySchema = z.object({
  rm_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  customer_count: z.number().int(),
});
export const listRmsResponseSchema = z.object({ rms: z.array(rmSummarySchema) });
export type ListRmsResponse = z.infer<typeof listRmsResponseSchema>;

const customerId = requiredString(ADMIN_MESSAGES.customerRequired).max(64);
const rmId = z.uuid({ error: ADMIN_MESSAGES.rmRequired });

export const assignRmRequestSchema = z.object({ customer_id: customerId, rm_id: rmId });
export const reassignRmRequestSchema = z.object({ customer_id: customerId, new_rm_id: rmId });
export const assignmentResponseSchema = z.object({
  message: z.string(),
  customer_id: z.string(),
  rm_id: z.string(),
  previous_rm_id: z.string().nullable(),
});
export type AssignmentResponse = z.infer<typeof assignmentResponseSchema>;

export const bulkAssignRequestSchema = z.object({
  customer_ids: z.array(customerId).min(1, ADMIN_MESSAGES.customerRequired).max(1000),
  rm_id: rmId,
});
export const distributeRequestSchema = z.object({
  rm_ids: z.array(rmId).min(1, ADMIN_MESSAGES.noRmsChosen).max(500),
});
export const bulkAssignmentResponseSchema = z.object({
  message: z.string(),
  assigned: z.number().int(),
  per_rm: z.array(z.object({ rm_id: z.string(), assigned: z.number().int() })),
});
export type BulkAssignmentResponse = z.infer<typeof bulkAssignmentResponseSchema>;

export const rmIdRequestSchema = z.object({ rm_id: rmId });
export const adminRmBookResponseSchema = rmBookResponseSchema;
export const adminWhoToCallResponseSchema = z.object({
  rm_id: z.string(),
  rm_name: z.string(),
  list: z.array(whoToCallItemSchema),
});
export type AdminWhoToCallResponse = z.infer<typeof adminWhoToCallResponseSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  actor_email: z.string(),
  actor_role: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventsQuerySchema = z.object({
  page: wholeNumberParam('page', 1, 1_000_000).default(1),
  page_size: wholeNumberParam('page_size', 1, 100).default(50),
});
export const auditEventsResponseSchema = z.object({
  events: z.array(auditEventSchema),
  pagination: paginationSchema,
});
export type AuditEventsResponse = z.infer<typeof auditEventsResponseSchema>;

export const firmOverviewResponseSchema = z.object({
  total_customers: z.number().int(),
  assigned: z.number().int(),
  unassigned: z.number().int(),
  per_rm: z.array(rmSummarySchema),
  risk_distribution: z.object({
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
  }),
  segment_distribution: z.object({
    risk_averse: z.number().int(),
    overconfident: z.number().int(),
    herd_followers: z.number().int(),
    anchored: z.number().int(),
    balanced: z.number().int(),
  }),
  urgency_distribution: z.object({
    urgent: z.number().int(),
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
  }),
  /** Customers awaiting a suitability review: a vulnerability flag is raised (issue 28). */
  awaiting_review: z.number().int(),
  top_priority: z.array(whoToCallItemSchema.extend({ rm_name: z.string().nullable() })),
});
export type FirmOverviewResponse = z.infer<typeof firmOverviewResponseSchema>;
