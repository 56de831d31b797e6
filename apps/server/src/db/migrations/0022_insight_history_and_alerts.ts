import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, items 1-3 (docs/changes-and-alerts.md):
 *
 * - A customer's current insight row is the newest state of their history: it records the
 *   import that wrote it (file_id), whether that import created or changed the customer
 *   (change) and the kinds of change it brought (changes). Constant defaults, so no table
 *   rewrite, and an import's load tables (created like customer_insights) carry the columns:
 *   a firm's first import records its whole book at no extra cost.
 * - insight_history keeps the states an import superseded, copied from the current row just
 *   before the import overwrites it; unchanged customers write nothing.
 * - file_changes holds each import's counts (new, updated, unchanged, removed, and per kind);
 *   the customers it changed are the states, current or superseded, whose file_id is its id.
 * - alerts: the changes that need a person, for one user each. digested_at belongs to the
 *   daily digest (issue 19, item 4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No check constraint on change: a partition must carry its parent's checks to be attached,
  // and the load tables are created LIKE the parent without them.
  await sql`alter table customer_insights
    add column file_id uuid,
    add column change text,
    add column changes text[] not null default '{}'`.execute(db);
  await sql`
    create table insight_history (
      id bigint generated always as identity primary key,
      firm_id uuid not null,
      customer_id text not null,
      file_id uuid,
      change text,
      changes text[] not null,
      recorded_at timestamptz not null,
      model_version text not null,
      priority_score double precision not null,
      urgency_level text not null,
      risk_level text not null,
      segment text not null,
      top_biases json not null,
      top_product_id text,
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index insight_history_customer_idx
    on insight_history (firm_id, customer_id, recorded_at desc)`.execute(db);
  await sql`create index insight_history_file_idx on insight_history (file_id)`.execute(db);
  await sql`
    create table file_changes (
      file_id uuid primary key references customer_files(id) on delete cascade,
      firm_id uuid not null references firms(id) on delete cascade,
      new_customers integer not null default 0,
      updated integer not null default 0,
      unchanged integer not null default 0,
      removed integer not null default 0,
      urgency_up integer not null default 0,
      risk_level_up integer not null default 0,
      priority_jump integer not null default 0,
      new_top_bias integer not null default 0,
      segment_change integer not null default 0,
      product_change integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table alerts (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null references firms(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      customer_id text not null,
      kind text not null,
      severity text not null,
      message text not null,
      file_id uuid null,
      created_at timestamptz not null default now(),
      read_at timestamptz null,
      digested_at timestamptz null
    )`.execute(db);
  await sql`create index alerts_user_idx on alerts (user_id, read_at)`.execute(db);
  // A reassignment moves the customer's unread alerts; a deleted customer's go with them.
  await sql`create index alerts_customer_idx on alerts (firm_id, customer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alerts`.execute(db);
  await sql`drop table file_changes`.execute(db);
  await sql`drop table insight_history`.execute(db);
  await sql`alter table customer_insights
    drop column file_id, drop column change, drop column changes`.execute(db);
}
