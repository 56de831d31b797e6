import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AlertDigest,
  AlertKind,
  AlertSeverity,
  BillingCycle,
  ChangeKind,
  CallOutcome,
  CustomerRecord,
  FileHeader,
  MappingSource,
  MappingSuggestion,
  PaidPlan,
  Plan,
  ProductCategory,
  ProductNeed,
  CapitalAtRisk,
  ProductOutcome,
  Role,
} from '@behavio/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface FirmsTable {
  id: Generated<string>;
  name: string;
  business_name: string;
  employee_count: number;
  plan: ColumnType<Plan, Plan | undefined, Plan>;
  created_at: CreatedAt;
  /** The firm's daily call capacity, null for the default (migration 0019). */
  calls_per_day: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UsersTable {
  id: Generated<string>;
  firm_id: string;
  role: Role;
  name: string;
  email: string;
  password_hash: string;
  verified_at: Date | null;
  credits: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** Raised by a password change or reset: tokens of an earlier epoch are refused (0012). */
  session_epoch: ColumnType<number, number | undefined, number>;
  /** An RM's own daily call capacity, null to follow the firm's (migration 0019). */
  calls_per_day: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether the user is emailed a daily digest of unread alerts (migration 0024). */
  alert_digest: ColumnType<AlertDigest, AlertDigest | undefined, AlertDigest>;
}

export interface EmailVerificationsTable {
  user_id: string;
  code_hash: string;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The pending password reset code of a user: the same shape as a verification (0012). */
export type PasswordResetsTable = EmailVerificationsTable;

/** Tokens ended by a logout, until they would have expired anyway (0012). */
export interface RevokedTokensTable {
  jti: string;
  user_id: string;
  expires_at: Date;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Date;
  hits: number;
}

export type FileStatus = 'processing' | 'completed' | 'failed';
export type FileFormat = 'csv' | 'xlsx' | 'xls';

type Json<T> = ColumnType<T, string, string>;

export interface CustomerFilesTable {
  id: Generated<string>;
  firm_id: string;
  uploaded_by: string | null;
  filename: string;
  /** bigint: pg answers it as a string. */
  file_size: ColumnType<string | number, number, number>;
  format: FileFormat;
  storage_key: string;
  status: ColumnType<FileStatus, FileStatus | undefined, FileStatus>;
  error: string | null;
  total_rows: number | null;
  accepted_rows: number | null;
  rejected_rows: number | null;
  total_columns: number;
  columns_info: Json<unknown>;
  preview_rows: Json<unknown>;
  problems: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
  completed_at: Date | null;
  /** The job running the import, and when its worker last said so (migration 0011). */
  import_job_id: string | null;
  heartbeat_at: Date | null;
  /** When the import started reading, its rows read so far and expected (migration 0016). */
  import_started_at: Date | null;
  rows_processed: number | null;
  rows_expected: number | null;
  /** What the import read the file as, and the mapping it used (migration 0021). */
  encoding: string | null;
  delimiter: string | null;
  column_mapping: ColumnType<
    Record<string, string> | null,
    string | null | undefined,
    string | null
  >;
  mapping_source: MappingSource | null;
  /** 'api' for a feed request stored as a file (migration 0023). */
  source: ColumnType<FileSource, FileSource | undefined, FileSource>;
  api_key_id: string | null;
  /** Rejected rows a fix has imported since (migration 0025). */
  fixed_rows: ColumnType<number[], number[] | undefined, number[]>;
}

/** An upload waiting for its column mapping (migration 0021). */
export type FileSource = 'upload' | 'api';

/** A firm's API key, kept as the SHA-256 of its secret (migration 0023). */
export interface ApiKeysTable {
  id: Generated<string>;
  firm_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * An Idempotency-Key used by a firm's feed (the import it started, migrations 0023) or by one of
 * its users (the answer it gave, migration 0029): unique per firm, scope and user.
 */
export interface IdempotencyKeysTable {
  firm_id: string;
  /** 'feed', or the call: 'product-outcome', 'call-outcome', 'note'. */
  scope: string;
  /** The user who sent it; null for the feed, whose keys are the firm's. */
  user_id: string | null;
  idempotency_key: string;
  request_hash: string;
  file_id: string | null;
  response: Json<unknown> | null;
  created_at: CreatedAt;
}

export interface PendingFilesTable {
  id: string;
  firm_id: string;
  uploaded_by: string | null;
  filename: string;
  file_size: ColumnType<string | number, number, number>;
  format: FileFormat;
  storage_key: string;
  headers: Json<FileHeader[]>;
  suggestions: Json<MappingSuggestion[]>;
  encoding: string | null;
  delimiter: string | null;
  created_at: CreatedAt;
}

/** A firm's saved column mapping, found by its file's headers (migration 0021). */
export interface ColumnMappingsTable {
  id: Generated<string>;
  firm_id: string;
  headers_key: string;
  headers: Json<string[]>;
  mapping: Json<Record<string, string>>;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The 28 customer columns, the optional value columns and who the customer is assigned to. */
export interface CustomersTable extends Omit<CustomerRecord, 'customer_id'> {
  firm_id: string;
  customer_id: string;
  rm_id: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Which customers a file supplied, in chunks of up to 10,000 ids (migration 0026). */
export interface FileCustomerIdsTable {
  file_id: string;
  chunk: number;
  firm_id: string;
  customer_ids: string[];
}

export interface StoredInsightColumns {
  model_version: string;
  priority_score: number;
  urgency_level: string;
  risk_level: string;
  segment: string;
  bias_severity: number;
  risk_urgency: number;
  time_sensitivity: number;
  customer_value: number;
  customer_value_basis: string;
  recommended_action: string;
  why: string;
  top_biases: Json<unknown>;
  /** The nine bias scores in hundredths of a point, BIAS_NAMES order (migration 0009). */
  bias_scores: number[];
  /** The nine confidences in hundredths, BIAS_NAMES order. */
  bias_confidences: number[];
}

export interface CustomerInsightsTable extends StoredInsightColumns {
  firm_id: string;
  customer_id: string;
  computed_at: CreatedAt;
  /** The contract's ProductSuggestion list, best first (migration 0018). */
  recommended_products: ColumnType<unknown, string | undefined, string>;
  /** The import that recorded this state, what it did and the kinds of change (migration 0022). */
  file_id: string | null;
  change: CustomerStateChange | null;
  changes: ColumnType<ChangeKind[], ChangeKind[] | undefined, ChangeKind[]>;
}

export type CustomerStateChange = 'new' | 'updated';

/** A state of a customer's insight that an import superseded (migration 0022). */
export interface InsightHistoryTable {
  id: Generated<string>;
  firm_id: string;
  customer_id: string;
  file_id: string | null;
  change: CustomerStateChange | null;
  changes: ChangeKind[];
  recorded_at: Date;
  model_version: string;
  priority_score: number;
  urgency_level: string;
  risk_level: string;
  segment: string;
  top_biases: Json<unknown>;
  top_product_id: string | null;
}

type Count = ColumnType<number, number | undefined, number>;

/** What one import changed, in counts (migration 0022). */
export interface FileChangesTable {
  file_id: string;
  firm_id: string;
  new_customers: Count;
  updated: Count;
  unchanged: Count;
  removed: Count;
  urgency_up: Count;
  risk_level_up: Count;
  priority_jump: Count;
  new_top_bias: Count;
  segment_change: Count;
  product_change: Count;
  created_at: CreatedAt;
}

/** A change that needs a person, for one user (migration 0022). */
export interface AlertsTable {
  id: Generated<string>;
  firm_id: string;
  user_id: string;
  customer_id: string;
  kind: AlertKind;
  severity: AlertSeverity;
  message: string;
  file_id: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
  /** Set by the daily digest once it has listed the alert. */
  digested_at: Date | null;
}

export interface RecommendationRunsTable {
  firm_id: string;
  /** bigint: a string from pg, a number from PGlite. */
  requested: ColumnType<string | number, number | undefined, number>;
  computed: ColumnType<string | number, number | undefined, number>;
  claimed_at: Date | null;
}

export interface CallOutcomesTable {
  id: Generated<string>;
  firm_id: string;
  customer_id: string;
  rm_id: string | null;
  outcome: CallOutcome;
  snooze_until: ColumnType<Date | string | null, string | null, string | null>;
  reason: string | null;
  model_version: string;
  priority_score: number;
  urgency_level: string;
  recommended_action: string;
  created_at: CreatedAt;
}

/** Notes on a customer (migration 0019): edited only by their author, never deleted. */
export interface CustomerNotesTable {
  id: Generated<string>;
  firm_id: string;
  customer_id: string;
  author_id: string | null;
  body: string;
  created_at: CreatedAt;
  updated_at: Date | null;
}

export interface AuditEventsTable {
  id: Generated<string>;
  firm_id: string;
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: CreatedAt;
}

export type SubscriptionRowStatus = 'active' | 'past_due' | 'ended';
export type BillingProvider = 'stripe' | 'local';

export interface SubscriptionsTable {
  id: Generated<string>;
  firm_id: string;
  provider: BillingProvider;
  provider_subscription_id: string;
  provider_customer_id: string | null;
  plan: PaidPlan;
  billing_cycle: BillingCycle;
  status: SubscriptionRowStatus;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  payment_url: string | null;
  last_event_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ended_at: Date | null;
}

export interface BillingEventsTable {
  provider: BillingProvider;
  event_id: string;
  type: string;
  firm_id: string | null;
  outcome: ColumnType<string, string | undefined, string>;
  detail: string | null;
  received_at: CreatedAt;
}

export type LocalCheckoutStatus = 'open' | 'paid' | 'cancelled' | 'failed' | 'expired';

export interface LocalCheckoutSessionsTable {
  id: string;
  firm_id: string;
  kind: 'subscription' | 'renewal';
  subscription_id: string | null;
  plan: PaidPlan;
  billing_cycle: BillingCycle;
  amount: number;
  currency: string;
  status: ColumnType<LocalCheckoutStatus, LocalCheckoutStatus | undefined, LocalCheckoutStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Date | null;
  completed_at: Date | null;
}

export interface CreditLedgerTable {
  id: Generated<string>;
  firm_id: string;
  user_id: string | null;
  delta: number;
  reason: string;
  balance_after: number;
  created_at: CreatedAt;
}

/** One row per firm: see migration 0005 (customer list paging and search). */
export interface CustomerListIndexTable {
  firm_id: string;
  total: number;
  anchor_stride: number;
  anchors: string[];
  country_counts: ColumnType<Record<string, number>, string, string>;
  insight_counts: ColumnType<Record<string, Record<string, number>>, string, string>;
  refreshed_at: ColumnType<Date, Date | undefined, Date>;
}

/** Raised by triggers on every committed change to a firm's customers, insights or outcomes. */
export interface FirmDataVersionsTable {
  firm_id: string;
  version: ColumnType<string, never, never>;
}

/** A piece of a stored upload or report (migration 0013); `data` is at most 1 MiB. */
export interface StoredFileChunksTable {
  storage_key: string;
  kind: 'upload' | 'report';
  seq: number;
  data: Uint8Array;
}

/** Secrets every process must agree on, generated once (migration 0013). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface Database {
  firms: FirmsTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  rate_limit_hits: RateLimitHitsTable;
  customer_files: CustomerFilesTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  pending_files: PendingFilesTable;
  column_mappings: ColumnMappingsTable;
  customers: CustomersTable;
  file_customer_ids: FileCustomerIdsTable;
  customer_insights: CustomerInsightsTable;
  insight_history: InsightHistoryTable;
  file_changes: FileChangesTable;
  alerts: AlertsTable;
  recommendation_runs: RecommendationRunsTable;
  customer_list_index: CustomerListIndexTable;
  firm_data_versions: FirmDataVersionsTable;
  call_outcomes: CallOutcomesTable;
  customer_notes: CustomerNotesTable;
  audit_events: AuditEventsTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  local_checkout_sessions: LocalCheckoutSessionsTable;
  credit_ledger: CreditLedgerTable;
  password_resets: PasswordResetsTable;
  revoked_tokens: RevokedTokensTable;
  products: ProductsTable;
  product_outcomes: ProductOutcomesTable;
  stored_file_chunks: StoredFileChunksTable;
  app_secrets: AppSecretsTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type LocalCheckoutSessionRow = Selectable<LocalCheckoutSessionsTable>;

/** A firm's product (migration 0015): its rules, weight and the needs it serves. */
export interface ProductsTable {
  firm_id: string;
  product_id: Generated<string>;
  name: string;
  category: ProductCategory;
  description: ColumnType<string, string | undefined, string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  weight: ColumnType<number, number | undefined, number>;
  min_age: number | null;
  max_age: number | null;
  min_risk_profile: number | null;
  max_risk_profile: number | null;
  min_knowledge_quiz_score: number | null;
  min_experience_years: number | null;
  max_leverage_ratio: number | null;
  min_aum: number | null;
  countries: ColumnType<string[], string[] | undefined, string[]>;
  needs: ColumnType<ProductNeed[], ProductNeed[] | undefined, ProductNeed[]>;
  /** Governance (migration 0033): PRIIPs summary risk indicator, 1-7. */
  risk_class: number;
  complex: boolean;
  capital_at_risk: CapitalAtRisk;
  /** 0-30 years, a lock-up. */
  min_holding_years: number;
  adds_market_exposure: boolean;
  first_recommended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ProductRow = Selectable<ProductsTable>;

/** Append-only record of what an RM did with a product for a customer (migration 0015). */
export interface ProductOutcomesTable {
  id: Generated<string>;
  firm_id: string;
  customer_id: string;
  product_id: string;
  outcome: ProductOutcome | 'undone';
  reason: string | null;
  recorded_by: string | null;
  created_at: CreatedAt;
}
