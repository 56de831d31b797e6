import { sql, type Kysely } from 'kysely';
import { createDataVersionTriggers } from './0008_firm_data_versions.js';

/**
 * Faster imports (docs/ingestion.md, "Loading a file"):
 *
 * - `customers` and `customer_insights` are partitioned by firm (LIST on firm_id), one partition
 *   per firm. A firm's first file is loaded into tables of its own, indexed in bulk (one sort
 *   an index instead of a million index insertions) and attached as the firm's partitions;
 *   every query already names its firm, so it reads that partition alone.
 * - The nine bias scores and confidences are two `smallint[]` columns of hundredths in
 *   BIAS_NAMES order instead of one jsonb object with the names in every row (about 250 of a
 *   row's 700 bytes of COPY text, and the JSON parse of each).
 * - The shared staging table goes: each import stages into load tables of its own.
 *
 * The columns as of this migration are listed here on purpose: migrations are frozen.
 */
/** customer_id and the file's columns, as a load or staging table holds them. */
const CUSTOMER_DATA = [
  'customer_id text not null',
  'country_iso char(3) not null',
  'age integer not null',
  'risk_profile double precision not null',
  'knowledge_quiz_score double precision not null',
  'experience_years double precision not null',
  'cash_pct double precision not null',
  'etf_pct double precision not null',
  'single_stock_pct double precision not null',
  'days_since_last_trade integer not null',
  'stop_loss_sell_cnt integer not null',
  'days_since_loss_sell integer not null',
  'leverage_ratio double precision not null',
  'home_country_weight_pct double precision not null',
  'trade_turnover_30d_pct_peer double precision not null',
  'anchor_price_gap_pct double precision not null',
  'limit_orders_at_purchase_px boolean not null',
  'social_hype_score double precision not null',
  'days_since_hype_peak integer not null',
  'positive_news_sentiment_7d double precision not null',
  'news_clicks_7d integer not null',
  'gain_takes integer not null',
  'loss_takes integer not null',
  'rebalances_ytd integer not null',
  'num_sub_accounts integer not null',
  'averaging_down_trades integer not null',
  'days_since_last_average_down integer not null',
  'max_drawdown_pct double precision not null',
  'aum double precision',
  'revenue_12m double precision',
];
const CUSTOMER_COLUMNS = [
  'firm_id uuid not null',
  ...CUSTOMER_DATA,
  'rm_id uuid',
  'created_at timestamptz not null default now()',
  'updated_at timestamptz not null default now()',
  "supplied_by uuid[] not null default '{}'",
];

/** The insight columns both layouts share, before the bias scores. */
const INSIGHT_DATA = [
  'model_version text not null',
  'priority_score double precision not null',
  'urgency_level text not null',
  'risk_level text not null',
  'segment text not null',
  'bias_severity double precision not null',
  'risk_urgency double precision not null',
  'time_sensitivity double precision not null',
  'customer_value double precision not null',
  'customer_value_basis text not null',
  'recommended_action text not null',
  'why text not null',
  'top_biases json not null',
];
const INSIGHT_KEY = ['firm_id uuid not null', 'customer_id text not null'];

const definitions = (columns: string[]) => sql.raw(columns.join(',\n  '));
const names = (columns: string[]) => sql.raw(columns.map((c) => c.split(' ')[0]).join(', '));

/** BIAS_NAMES of model 1.0.0, the order of the score arrays. */
const BIASES = [
  'overconfidence',
  'herding',
  'anchoring',
  'loss_aversion',
  'disposition_effect',
  'home_bias',
  'risk_aversion',
  'mental_accounting',
  'status_quo',
];
const biasArray = sql.raw(`array[${BIASES.map((b) => `'${b}'`).join(', ')}]`);

const hex = (firmId: string) => firmId.replace(/-/g, '');

async function renameOld(db: Kysely<unknown>, suffix: string) {
  for (const name of [
    'customers_pkey',
    'customers_rm_idx',
    'customers_id_trgm_idx',
    'customers_country_idx',
    'customer_insights_pkey',
    'customer_insights_priority_idx',
  ])
    await sql`alter index ${sql.raw(name)} rename to ${sql.raw(name + suffix)}`.execute(db);
  await sql`alter table customers rename to ${sql.raw(`customers${suffix}`)}`.execute(db);
  await sql`alter table customer_insights rename to ${sql.raw(`customer_insights${suffix}`)}`.execute(
    db,
  );
  await sql`alter table call_outcomes drop constraint call_outcomes_firm_id_customer_id_fkey`.execute(
    db,
  );
}

async function finish(db: Kysely<unknown>, suffix: string) {
  await sql`drop table ${sql.raw(`customer_insights${suffix}`)}`.execute(db);
  await sql`drop table ${sql.raw(`customers${suffix}`)}`.execute(db);
  await sql`
    alter table call_outcomes add constraint call_outcomes_firm_id_customer_id_fkey
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
  `.execute(db);
  await createDataVersionTriggers(db, ['customers', 'customer_insights']);
}

/**
 * The keys and indexes of migrations 0002 and 0005, as they were. (Leaving the constant firm_id
 * out of a partition's secondary indexes builds them a little faster, but measured on the
 * country index it turned the planner away from it: with firm_id first, the index reads the
 * table in its physical order, and a deep page of a country search depends on that.)
 */
async function indexCustomerTables(db: Kysely<unknown>) {
  await sql`alter table customers add constraint customers_pkey primary key (firm_id, customer_id)`.execute(
    db,
  );
  await sql`alter table customers add constraint customers_firm_id_fkey
    foreign key (firm_id) references firms(id) on delete cascade`.execute(db);
  await sql`alter table customers add constraint customers_rm_id_fkey
    foreign key (rm_id) references users(id) on delete set null`.execute(db);
  await sql`create index customers_rm_idx on customers (firm_id, rm_id)`.execute(db);
  await sql`create index customers_id_trgm_idx on customers using gin (customer_id gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index customers_country_idx on customers (firm_id, country_iso, customer_id)`.execute(
    db,
  );
  await sql`alter table customer_insights add constraint customer_insights_pkey
    primary key (firm_id, customer_id)`.execute(db);
  await sql`create index customer_insights_priority_idx
    on customer_insights (firm_id, priority_score desc)`.execute(db);
}

/** One bias array of an old jsonb `bias_scores` row: element `at` (0 score, 1 confidence). */
const fromJson = (at: 0 | 1) => sql`
  array(select round((bias_scores -> b ->> ${sql.raw(String(at))})::numeric * 100)::smallint
        from unnest(${biasArray}) with ordinality as n(b, k) order by k)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await renameOld(db, '_0008');
  await sql`create table customers (${definitions(CUSTOMER_COLUMNS)}) partition by list (firm_id)`.execute(
    db,
  );
  await sql`
    create table customer_insights (
      ${definitions([...INSIGHT_KEY, ...INSIGHT_DATA])},
      bias_scores smallint[] not null,
      bias_confidences smallint[] not null,
      computed_at timestamptz not null default now()
    ) partition by list (firm_id)`.execute(db);
  await indexCustomerTables(db);

  const firms = await sql<{ firm_id: string }>`
    select firm_id from customers_0008 union select firm_id from customer_insights_0008
  `.execute(db);
  for (const { firm_id: firmId } of firms.rows) {
    for (const table of ['customers', 'customer_insights'])
      await sql`
        create table ${sql.raw(`${table}_${hex(firmId)}`)} partition of ${sql.raw(table)}
        for values in (${sql.lit(firmId)})`.execute(db);
  }
  await sql`
    insert into customers (${names(CUSTOMER_COLUMNS)})
    select ${names(CUSTOMER_COLUMNS)} from customers_0008`.execute(db);
  const insightNames = names([...INSIGHT_KEY, ...INSIGHT_DATA]);
  await sql`
    insert into customer_insights (${insightNames}, bias_scores, bias_confidences, computed_at)
    select ${insightNames}, ${fromJson(0)}, ${fromJson(1)}, computed_at
    from customer_insights_0008`.execute(db);
  await finish(db, '_0008');
  await sql`drop table customer_import_rows`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameOld(db, '_0009');
  await sql`create table customers (${definitions(CUSTOMER_COLUMNS)})`.execute(db);
  await sql`
    create table customer_insights (
      ${definitions([...INSIGHT_KEY, ...INSIGHT_DATA])},
      bias_scores jsonb not null,
      computed_at timestamptz not null default now()
    )`.execute(db);
  await indexCustomerTables(db);
  await sql`
    insert into customers (${names(CUSTOMER_COLUMNS)})
    select ${names(CUSTOMER_COLUMNS)} from customers_0009`.execute(db);
  const insightNames = names([...INSIGHT_KEY, ...INSIGHT_DATA]);
  await sql`
    insert into customer_insights (${insightNames}, bias_scores, computed_at)
    select ${insightNames},
      (select jsonb_object_agg(b, jsonb_build_array(round(bias_scores[k] / 100.0, 2),
                                                    round(bias_confidences[k] / 100.0, 2)))
       from unnest(${biasArray}) with ordinality as n(b, k)),
      computed_at
    from customer_insights_0009`.execute(db);
  await finish(db, '_0009');
  await sql`
    create unlogged table customer_import_rows (
      file_id uuid not null,
      ${definitions([...CUSTOMER_DATA, ...INSIGHT_DATA])},
      bias_scores jsonb not null
    )`.execute(db);
  await sql`create index customer_import_rows_file_idx on customer_import_rows (file_id)`.execute(
    db,
  );
}
