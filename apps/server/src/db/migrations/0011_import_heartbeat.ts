import { sql, type Kysely } from 'kysely';

/**
 * Which job runs a file's import and when its worker last said it was alive: an import whose
 * heartbeat stops (its process killed) is retried within a minute instead of waiting for the
 * job's one-hour expiry, and a firm runs one import at a time (docs/ingestion.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customer_files
      add column import_job_id uuid,
      add column heartbeat_at timestamptz`.execute(db);
  await sql`
    create index customer_files_processing_idx on customer_files (firm_id, heartbeat_at)
      where status = 'processing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index customer_files_processing_idx`.execute(db);
  await sql`
    alter table customer_files drop column import_job_id, drop column heartbeat_at`.execute(db);
}
