import { sql, type Kysely } from 'kysely';

/**
 * What keeps the admin's customer list fast at a million customers a firm: a trigram index for
 * the substring search on customer_id, an index on country for the country half of the search,
 * and one row per firm with the total, the customers per country and every 1,000th customer_id
 * in list order and the customers per risk level, segment and urgency, so a deep page starts
 * from a nearby key instead of skipping up to a million index entries, and a count is a lookup.
 * The per-firm row is rebuilt in the transactions that add or remove customers; a firm without
 * one gets it rebuilt on first read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index customers_id_trgm_idx on customers using gin (customer_id gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index customers_country_idx on customers (firm_id, country_iso, customer_id)`.execute(
    db,
  );
  await sql`
    create table customer_list_index (
      firm_id uuid primary key references firms(id) on delete cascade,
      total integer not null,
      anchor_stride integer not null,
      anchors text[] not null,
      country_counts jsonb not null,
      insight_counts jsonb not null,
      refreshed_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table customer_list_index`.execute(db);
  await sql`drop index customers_country_idx`.execute(db);
  await sql`drop index customers_id_trgm_idx`.execute(db);
}
