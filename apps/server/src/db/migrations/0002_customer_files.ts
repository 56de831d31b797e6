import { sql, type Kysely } from 'kysely';

/** The customer columns as of this migration; later column changes get their own migration. */
const CUSTOMER_COLUMNS: [string, string][] = [
  ['country_iso', 'char(3) not null'],
  ['age', 'integer not null'],
  ['risk_profile', 'double precision not null'],
  ['knowledge_quiz_score', 'double precision not null'],
  ['experience_years', 'double precision not null'],
  ['cash_pct', 'double precision not null'],
  ['etf_pct', 'double precision not null'],
  ['single_stock_pct', 'double precision not null'],
  ['days_since_last_trade', 'integer not null'],
  ['stop_loss_sell_cnt', 'integer not null'],
  ['days_since_loss_sell', 'integer not null'],
  ['leverage_ratio', 'double precision not null'],
  ['home_country_weight_pct', 'double precision not null'],
  ['trade_turnover_30d_pct_peer', 'double precision not null'],
  ['anchor_price_gap_pct', 'double precision not null'],
  ['limit_orders_at_purchase_px', 'boolean not null'],
  ['social_hype_score', 'double precision not null'],
  ['days_since_hype_peak', 'integer not null'],
  ['positive_news_sentiment_7d', 'double precision not null'],
  ['news_clicks_7d', 'integer not null'],
  ['gain_takes', 'integer not null'],
  ['loss_takes', 'integer not null'],
  ['rebalances_ytd', 'integer not null'],
  ['num_sub_accounts', 'integer not null'],
  ['averaging_down_trades', 'integer not null'],
  ['days_since_last_average_down', 'integer not null'],
  ['max_drawdown_pct', 'double precision not null'],
  ['aum', 'double precision'],
  ['revenue_12m', 'double precision'],
];

const INSIGHT_COLUMNS: [string, string][] = [
  ['model_version', 'text not null'],
  ['priority_score', 'double precision not null'],
  ['urgency_level', 'text not null'],
  ['risk_level', 'text not null'],
  ['segment', 'text not null'],
  ['bias_severity', 'double precision not null'],
  ['risk_urgency', 'double precision not null'],
  ['time_sensitivity', 'double precision not null'],
  ['customer_value', 'double precision not null'],
  ['customer_value_basis', 'text not null'],
  ['recommended_action', 'text not null'],
  ['why', 'text not null'],
  // The three strongest biases with their evidence; every bias as {name: [score, confidence]}.
  ['top_biases', 'jsonb not null'],
  ['bias_scores', 'jsonb not null'],
];

const columnsSql = (columns: [string, string][]) =>
  sql.raw(columns.map(([n, t]) => `${n} ${t}`).join(',\n  '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table customer_files (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null references firms(id) on delete cascade,
      uploaded_by uuid references users(id) on delete set null,
      filename text not null,
      file_size bigint not null,
      format text not null check (format in ('csv', 'xlsx', 'xls')),
      storage_key text not null,
      status text not null default 'processing' check (status in ('processing', 'completed', 'failed')),
      error text,
      total_rows integer,
      accepted_rows integer,
      rejected_rows integer,
      total_columns integer not null,
      columns_info jsonb not null,
      preview_rows jsonb not null,
      problems jsonb not null default '[]',
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index customer_files_firm_idx on customer_files (firm_id, created_at)`.execute(
    db,
  );

  await sql`
    create table customers (
      firm_id uuid not null references firms(id) on delete cascade,
      customer_id text not null,
      ${columnsSql(CUSTOMER_COLUMNS)},
      rm_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (firm_id, customer_id)
    )`.execute(db);
  await sql`create index customers_rm_idx on customers (firm_id, rm_id)`.execute(db);

  await sql`
    create table customer_file_links (
      firm_id uuid not null,
      customer_id text not null,
      file_id uuid not null references customer_files(id) on delete cascade,
      primary key (firm_id, customer_id, file_id),
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index customer_file_links_file_idx on customer_file_links (file_id)`.execute(db);

  await sql`
    create table customer_insights (
      firm_id uuid not null,
      customer_id text not null,
      ${columnsSql(INSIGHT_COLUMNS)},
      computed_at timestamptz not null default now(),
      primary key (firm_id, customer_id),
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index customer_insights_priority_idx on customer_insights (firm_id, priority_score desc)`.execute(
    db,
  );

  // Accepted rows land here by COPY in short batches; one short transaction then merges them,
  // so an import is all-or-nothing without holding a long transaction. Unlogged: a crash loses
  // only what the job re-reads from the stored file anyway.
  await sql`
    create unlogged table customer_import_rows (
      file_id uuid not null,
      customer_id text not null,
      ${columnsSql(CUSTOMER_COLUMNS)},
      ${columnsSql(INSIGHT_COLUMNS)}
    )`.execute(db);
  await sql`create index customer_import_rows_file_idx on customer_import_rows (file_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'customer_import_rows',
    'customer_insights',
    'customer_file_links',
    'customers',
    'customer_files',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
