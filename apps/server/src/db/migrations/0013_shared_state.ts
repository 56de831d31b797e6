import { sql, type Kysely } from 'kysely';

/**
 * Nothing but PostgreSQL is shared between hosts (docs/decisions/0004-postgresql-shared-state.md):
 * - stored_file_chunks: uploaded originals and rejected-row reports, in 1 MiB pieces, so a file
 *   of 100 MB is written and read a piece at a time, never whole in memory;
 * - app_secrets: the generated JWT signing secret, one for every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stored_file_chunks (
      storage_key text not null,
      kind text not null check (kind in ('upload', 'report')),
      seq integer not null check (seq >= 0),
      data bytea not null,
      primary key (storage_key, kind, seq)
    )`.execute(db);
  await sql`
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_secrets`.execute(db);
  await sql`drop table stored_file_chunks`.execute(db);
}
