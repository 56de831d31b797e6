import { z } from 'zod';
import { callStateSchema } from './schemas/call-state.js';
import { customerPageResponseSchema } from './schemas/customer-page.js';
import { callCapacityResponseSchema } from './schemas/daily-list.js';
import { noteResponseSchema, noteSchema } from './schemas/notes.js';
import { alertDigestSchema, preferencesSchema } from './schemas/preferences.js';
import {
  alertKindSchema,
  alertReadResponseSchema,
  alertSchema,
  alertSeveritySchema,
  alertsReadAllResponseSchema,
  alertsResponseSchema,
} from './schemas/alerts.js';
import {
  changeCountsSchema,
  changeKindSchema,
  customerChangeSchema,
  fileChangeItemSchema,
  fileChangesResponseSchema,
  historyEntrySchema,
  insightSnapshotSchema,
} from './schemas/changes.js';
import { errorCodeSchema } from './error-code-schema.js';
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
  auditEventsResponseSchema,
  bulkAssignmentResponseSchema,
  employeeSchema,
  firmOverviewResponseSchema,
  listCustomersResponseSchema,
  listEmployeesResponseSchema,
  listRmsResponseSchema,
  managedCustomerSchema,
  paginationSchema,
  rmSummarySchema,
} from './schemas/admin.js';
import { checkUserResponseSchema, tokenResponseSchema, userSchema } from './schemas/auth.js';
import {
  biasPrevalenceSchema,
  billingCycleSchema,
  callCandidateSchema,
  completeLocalCheckoutResponseSchema,
  createSubscriptionResponseSchema,
  featureDataSchema,
  localCheckoutSessionSchema,
  notEnoughCreditsBodySchema,
  planOfferSchema,
  plansResponseSchema,
  riskLevelCountsSchema,
  segmentCountsSchema,
  subscriptionChangeResponseSchema,
  subscriptionStatusSchema,
  unlockResponseSchema,
  webhookResponseSchema,
} from './schemas/billing.js';
import { callOutcomeSchema, customerSchema, rmBookResponseSchema } from './schemas/customers.js';
import {
  needsMappingResponseSchema,
  mappingSuggestionSchema,
  savedMappingSchema,
} from './schemas/column-mapping.js';
import {
  cellValueSchema,
  fileReadingSchema,
  columnInfoSchema,
  deleteFileResponseSchema,
  failedUploadResponseSchema,
  filePreviewSchema,
  fileSummarySchema,
  jobStatusSchema,
  listFilesResponseSchema,
  previewFileResponseSchema,
  rowProblemSchema,
  uploadResponseSchema,
} from './schemas/files.js';
import { fileFixesPageSchema, fixableRowSchema } from './schemas/file-fixes.js';
import {
  biasNameSchema,
  breakdownSchema,
  priorityScoreItemSchema,
  priorityScoresResponseSchema,
  riskLevelSchema,
  riskRankingItemSchema,
  riskRankingResponseSchema,
  segmentSchema,
  segmentsResponseSchema,
  topBiasSchema,
  urgencyLevelSchema,
  whoToCallItemSchema,
  whoToCallResponseSchema,
} from './schemas/insights.js';
import {
  deleteProductResponseSchema,
  excludedProductSchema,
  listProductsResponseSchema,
  productCategorySchema,
  productNeedSchema,
  productSchema,
  productSuggestionSchema,
  recommendedProductSchema,
} from './schemas/products.js';
import { productPerformanceResponseSchema } from './schemas/product-outcomes.js';
import { suitabilityCheckSchema } from './schemas/product-governance.js';
import { suitabilityProfileSchema } from './schemas/suitability.js';
import {
  apiKeySchema,
  createApiKeyResponseSchema,
  feedCustomerSchema,
  feedImportResponseSchema,
  importStatusResponseSchema,
} from './schemas/api-keys.js';

/**
 * The names the OpenAPI description gives the shapes several operations share or clients keep
 * (its `components/schemas`, and so the model types a client generator writes). Registered in
 * zod's global registry, which fastify-type-provider-zod reads: each use becomes a `$ref`.
 * A name is part of the API: rename one only as a breaking change. The description, where
 * given, is also that of a successful response with the shape.
 */
const API_SCHEMA_NAMES: ReadonlyArray<readonly [z.ZodType, string, string?]> = [
  [errorBodySchema, 'Error'],
  [apiKeySchema, 'ApiKey'],
  [createApiKeyResponseSchema, 'CreatedApiKey', 'The new key: its secret is shown this once'],
  [feedCustomerSchema, 'FeedCustomer'],
  [feedImportResponseSchema, 'FeedImport', 'The import the request started, and its rows so far'],
  [importStatusResponseSchema, 'ImportStatus', "A feed import's status and counts"],
  [fieldErrorSchema, 'FieldError'],
  [errorCodeSchema, 'ErrorCode'],
  [uploadErrorBodySchema, 'UploadError'],
  [notEnoughCreditsBodySchema, 'NotEnoughCreditsError'],
  [messageSchema, 'Message', 'A message for the user'],
  [roleSchema, 'Role'],
  [employeeRoleSchema, 'EmployeeRole'],
  [planSchema, 'Plan'],
  [paidPlanSchema, 'PaidPlan'],
  [userSchema, 'User', 'The signed-in user, with their firm and its plan'],
  [tokenResponseSchema, 'Session', 'A session: the bearer token to send, and a message'],
  [jobStatusSchema, 'JobStatus'],
  [cellValueSchema, 'CellValue'],
  [columnInfoSchema, 'ColumnInfo'],
  [rowProblemSchema, 'RowProblem'],
  [fileReadingSchema, 'FileReading'],
  [filePreviewSchema, 'FilePreview'],
  [mappingSuggestionSchema, 'MappingSuggestion'],
  [savedMappingSchema, 'SavedMapping'],
  [fixableRowSchema, 'FixableRow'],
  [
    fileFixesPageSchema,
    'RejectedRowsPage',
    'A page of the rejected rows of a file, with their problems',
  ],
  [
    needsMappingResponseSchema,
    'NeedsMapping',
    'The file is kept but its headers do not all name our columns: confirm a mapping to import it',
  ],
  [
    fileSummarySchema,
    'File',
    'An uploaded customers file: its import status, counts and progress, and its preview',
  ],
  [
    uploadResponseSchema,
    'Upload',
    'The stored file, its preview and whether its import has finished',
  ],
  [
    failedUploadResponseSchema,
    'FailedUpload',
    'A file that cannot be imported: the reason is in `error` and `preview.error`',
  ],
  [customerSchema, 'Customer'],
  [managedCustomerSchema, 'ManagedCustomer'],
  [rmBookResponseSchema, 'RmBook', "A relationship manager's customers"],
  [callOutcomeSchema, 'CallOutcome'],
  [callStateSchema, 'CallState'],
  [noteSchema, 'Note'],
  [noteResponseSchema, 'SavedNote', 'The note as saved'],
  [callCapacityResponseSchema, 'CallCapacity', 'How many calls a day size the call list'],
  [alertDigestSchema, 'AlertDigest'],
  [preferencesSchema, 'Preferences', "The signed-in user's own preferences"],
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
  [assignmentResponseSchema, 'Assignment', 'Who looks after the customer now'],
  [
    bulkAssignmentResponseSchema,
    'BulkAssignment',
    'How many customers went to each relationship manager',
  ],
  [
    adminWhoToCallResponseSchema,
    'RmWhoToCall',
    "A relationship manager's call list, most urgent first",
  ],
  [auditEventSchema, 'AuditEvent'],
  [
    firmOverviewResponseSchema,
    'FirmOverview',
    "The firm's customers, relationship managers and risk at a glance",
  ],
  [billingCycleSchema, 'BillingCycle'],
  [planOfferSchema, 'PlanOffer'],
  [subscriptionStatusSchema, 'SubscriptionStatus', "The firm's subscription"],
  [localCheckoutSessionSchema, 'LocalCheckoutSession', 'An offline checkout session'],
  [riskLevelCountsSchema, 'RiskLevelCounts'],
  [segmentCountsSchema, 'SegmentCounts'],
  [biasPrevalenceSchema, 'BiasPrevalence'],
  [callCandidateSchema, 'CallCandidate'],
  [featureDataSchema, 'FeatureData', "A premium feature's data"],
  [unlockResponseSchema, 'Unlock', "The unlocked feature's data and the credits left"],
  [productCategorySchema, 'ProductCategory'],
  [productNeedSchema, 'ProductNeed'],
  [productSchema, 'Product', "A product of the firm's shelf"],
  [listEmployeesResponseSchema, 'EmployeeList', "The firm's employees"],
  [listCustomersResponseSchema, 'CustomerPage', "A page of the firm's customers"],
  [listRmsResponseSchema, 'RmList', "The firm's relationship managers and their book sizes"],
  [auditEventsResponseSchema, 'AuditEventPage', 'A page of the audit log, newest first'],
  [checkUserResponseSchema, 'CurrentUser', 'The signed-in user'],
  [plansResponseSchema, 'Plans', 'The paid plans, their prices and features'],
  [createSubscriptionResponseSchema, 'Checkout', 'The checkout page to send the browser to'],
  [subscriptionChangeResponseSchema, 'SubscriptionChange', 'The subscription after the change'],
  [completeLocalCheckoutResponseSchema, 'CheckoutOutcome', 'Where to send the browser next'],
  [webhookResponseSchema, 'WebhookReceipt', 'What the event changed'],
  [listFilesResponseSchema, 'FileList', "A page of the firm's files, oldest first"],
  [
    previewFileResponseSchema,
    'FileStatus',
    "The file's import status and progress, and its preview",
  ],
  [
    deleteFileResponseSchema,
    'DeletedFile',
    'The file deleted, and how many customers went with it',
  ],
  [whoToCallResponseSchema, 'WhoToCallList', 'The call list, most urgent first'],
  [priorityScoresResponseSchema, 'PriorityScoreList', 'Priority scores, highest first'],
  [riskRankingResponseSchema, 'RiskRanking', 'Customers by risk level'],
  [segmentsResponseSchema, 'Segments', 'Customers by behavioural segment'],
  [listProductsResponseSchema, 'ProductList', "The firm's product shelf"],
  [deleteProductResponseSchema, 'DeletedProduct', 'The product removed'],
  [productSuggestionSchema, 'ProductSuggestion', 'A product recommended now, as lists carry it'],
  [recommendedProductSchema, 'RecommendedProduct', 'A recommended product with its reasons'],
  [excludedProductSchema, 'ExcludedProduct', 'A product the customer may not be offered now'],
  [suitabilityCheckSchema, 'SuitabilityCheck', 'One rule of the suitability gate with its result'],
  [
    suitabilityProfileSchema,
    'SuitabilityProfile',
    "The customer's knowledge, risk tolerance, capacity for loss, horizon and vulnerability flags",
  ],
  [customerPageResponseSchema, 'CustomerDetail', 'One customer: insights, products and history'],
  [
    productPerformanceResponseSchema,
    'ProductPerformance',
    'How each product and each person does with recommendations',
  ],
  [changeKindSchema, 'ChangeKind'],
  [customerChangeSchema, 'CustomerChange'],
  [insightSnapshotSchema, 'InsightSnapshot'],
  [historyEntrySchema, 'HistoryEntry'],
  [changeCountsSchema, 'ChangeCounts'],
  [fileChangeItemSchema, 'FileChangeItem'],
  [
    fileChangesResponseSchema,
    'FileChanges',
    "What the file's import changed: counts by kind and a page of the customers it changed",
  ],
  [alertKindSchema, 'AlertKind'],
  [alertSeveritySchema, 'AlertSeverity'],
  [alertSchema, 'Alert'],
  [alertsResponseSchema, 'AlertList', "The signed-in user's alerts, newest first"],
  [alertReadResponseSchema, 'AlertRead', 'The alert, now read'],
  [alertsReadAllResponseSchema, 'AlertsReadAll', 'How many alerts were marked read'],
];

/** Registers the names above (keeping any description a schema already carries); idempotent. */
export function nameApiSchemas(): void {
  for (const [schema, id, description] of API_SCHEMA_NAMES) {
    const meta = { ...z.globalRegistry.get(schema), id };
    z.globalRegistry.add(schema, description ? { ...meta, description } : meta);
  }
}
