import { sql, type Kysely } from 'kysely';

/**
 * Stored recommendations (issue 18, item 3). Each customer's top products, as every list item
 * carries them, are kept beside the insight they were computed from, as plain json (written in
 * the contract's key order, so the lists can copy it out verbatim). A background job keeps them
 * current; `recommendation_runs` holds, per firm, how many recomputations were asked for and
 * how many the last finished run covers, and which process runs one now (see
 * modules/recommendations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A constant default: no table rewrite, and an import's load tables (created like
  // customer_insights) carry the column too.
  await sql`alter table customer_insights
    add column recommended_products json not null default '[]'`.execute(db);
  await sql`
    create table recommendation_runs (
      firm_id uuid primary key references firms(id) on delete cascade,
      requested bigint not null default 0,
      computed bigint not null default 0,
      claimed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table recommendation_runs`.execute(db);
  await sql`alter table customer_insights drop column recommended_products`.execute(db);
}
