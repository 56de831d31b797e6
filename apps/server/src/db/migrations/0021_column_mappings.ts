import { sql, type Kysely } from 'kysely';

/**
 * Column mapping (docs/ingestion.md, "Column mapping"):
 * - pending_files: uploads whose headers do not all name our columns, kept (their stored
 *   upload too) until the admin confirms a mapping; they are not files yet, so nothing that
 *   lists or counts customer_files sees them;
 * - column_mappings: the mappings a firm saved, one per set of headers (headers_key);
 * - customer_files: what the import understood of each file (encoding, separator) and the
 *   mapping it used, with where that mapping came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pending_files (
      id uuid primary key,
      firm_id uuid not null references firms(id) on delete cascade,
      uploaded_by uuid references users(id) on delete set null,
      filename text not null,
      file_size bigint not null,
      format text not null check (format in ('csv', 'xlsx', 'xls')),
      storage_key text not null,
      headers jsonb not null,
      suggestions jsonb not null,
      encoding text,
      delimiter text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pending_files_firm_idx on pending_files (firm_id)`.execute(db);
  await sql`
    create table column_mappings (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null references firms(id) on delete cascade,
      headers_key text not null,
      headers jsonb not null,
      mapping jsonb not null,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      unique (firm_id, headers_key)
    )`.execute(db);
  await sql`
    alter table customer_files
      add column encoding text,
      add column delimiter text,
      add column column_mapping jsonb,
      add column mapping_source text check (mapping_source in ('headers', 'saved', 'confirmed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customer_files
      drop column encoding, drop column delimiter, drop column column_mapping,
      drop column mapping_source`.execute(db);
  await sql`drop table column_mappings`.execute(db);
  await sql`drop table pending_files`.execute(db);
}
