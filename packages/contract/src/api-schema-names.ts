import { z } from 'zod';
import { errorCodeSchema } from './error-codes.js';
import {
  errorBodySchema,
  fieldErrorSchema,
  messageSchema,
  uploadErrorBodySchema,
} from './errors.js';
import { employeeRoleSchema, paidPlanSchema, planSchema, roleSchema } from './roles.js';
import {
  adminWhoToCallResponseSchema,
  assignmentResponseSchema,
  auditEventSchema,
  bulkAssignmentResponseSchema,
  employeeSchema,
  firmOverviewResponseSchema,
  managedCustomerSchema,
  paginationSchema,
  rmSummarySchema,
} from './schemas/admin.js';
import { tokenResponseSchema, userSchema } from './schemas/auth.js';
import {
  biasPrevalenceSchema,
  billingCycleSchema,
  callCandidateSchema,
  featureDataSchema,
  localCheckoutSessionSchema,
  notEnoughCreditsBodySchema,
  planOfferSchema,
  riskLevelCountsSchema,
  segmentCountsSchema,
  subscriptionStatusSchema,
  unlockResponseSchema,
} from './schemas/billing.js';
import { callOutcomeSchema, customerSchema, rmBookResponseSchema } from './schemas/customers.js';
import {
  cellValueSchema,
  columnInfoSchema,
  failedUploadResponseSchema,
  filePreviewSchema,
  fileSummarySchema,
  jobStatusSchema,
  rowProblemSchema,
  uploadResponseSchema,
} from './schemas/files.js';
import {
  biasNameSchema,
  breakdownSchema,
  priorityScoreItemSchema,
  riskLevelSchema,
  riskRankingItemSchema,
  segmentSchema,
  topBiasSchema,
  urgencyLevelSchema,
  whoToCallItemSchema,
} from './schemas/insights.js';
import { productCategorySchema, productNeedSchema, productSchema } from './schemas/products.js';

/**
 * The names the OpenAPI description gives the shapes several operations share or clients keep
 * (its `components/schemas`, and so the model types a client generator writes). Registered in
 * zod's global registry, which fastify-type-provider-zod reads: each use becomes a `$ref`.
 * A name is part of the API: rename one only as a breaking change.
 */
const API_SCHEMA_NAMES: ReadonlyArray<readonly [z.ZodType, string]> = [
  [errorBodySchema, 'Error'],
  [fieldErrorSchema, 'FieldError'],
  [errorCodeSchema, 'ErrorCode'],
  [uploadErrorBodySchema, 'UploadError'],
  [notEnoughCreditsBodySchema, 'NotEnoughCreditsError'],
  [messageSchema, 'Message'],
  [roleSchema, 'Role'],
  [employeeRoleSchema, 'EmployeeRole'],
  [planSchema, 'Plan'],
  [paidPlanSchema, 'PaidPlan'],
  [userSchema, 'User'],
  [tokenResponseSchema, 'Session'],
  [jobStatusSchema, 'JobStatus'],
  [cellValueSchema, 'CellValue'],
  [columnInfoSchema, 'ColumnInfo'],
  [rowProblemSchema, 'RowProblem'],
  [filePreviewSchema, 'FilePreview'],
  [fileSummarySchema, 'File'],
  [uploadResponseSchema, 'Upload'],
  [failedUploadResponseSchema, 'FailedUpload'],
  [customerSchema, 'Customer'],
  [managedCustomerSchema, 'ManagedCustomer'],
  [rmBookResponseSchema, 'RmBook'],
  [callOutcomeSchema, 'CallOutcome'],
  [biasNameSchema, 'BiasName'],
  [segmentSchema, 'Segment'],
  [urgencyLevelSchema, 'UrgencyLevel'],
  [riskLevelSchema, 'RiskLevel'],
  [topBiasSchema, 'TopBias'],
  [breakdownSchema, 'Breakdown'],
  [whoToCallItemSchema, 'WhoToCallItem'],
  [priorityScoreItemSchema, 'PriorityScoreItem'],
  [riskRankingItemSchema, 'RiskRankingItem'],
  [employeeSchema, 'Employee'],
  [paginationSchema, 'Pagination'],
  [rmSummarySchema, 'RmSummary'],
  [assignmentResponseSchema, 'Assignment'],
  [bulkAssignmentResponseSchema, 'BulkAssignment'],
  [adminWhoToCallResponseSchema, 'RmWhoToCall'],
  [auditEventSchema, 'AuditEvent'],
  [firmOverviewResponseSchema, 'FirmOverview'],
  [billingCycleSchema, 'BillingCycle'],
  [planOfferSchema, 'PlanOffer'],
  [subscriptionStatusSchema, 'SubscriptionStatus'],
  [localCheckoutSessionSchema, 'LocalCheckoutSession'],
  [riskLevelCountsSchema, 'RiskLevelCounts'],
  [segmentCountsSchema, 'SegmentCounts'],
  [biasPrevalenceSchema, 'BiasPrevalence'],
  [callCandidateSchema, 'CallCandidate'],
  [featureDataSchema, 'FeatureData'],
  [unlockResponseSchema, 'Unlock'],
  [productCategorySchema, 'ProductCategory'],
  [productNeedSchema, 'ProductNeed'],
  [productSchema, 'Product'],
];

/** Registers the names above (keeping any description a schema already carries); idempotent. */
export function nameApiSchemas(): void {
  for (const [schema, id] of API_SCHEMA_NAMES)
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
