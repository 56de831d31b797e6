import { sql, type Kysely } from 'kysely';

/**
 * Fixing rejected rows in place (docs/ingestion.md, "Fixing rejected rows"):
 * - customer_files.fixed_rows: the row numbers of the file's rejected rows that a fix imported
 *   since. Written under the file's row lock in the fix's transaction, so two fixes of one row
 *   cannot both count it; the rejected-rows report is rewritten without them after the commit,
 *   and readers of the report skip them meanwhile;
 * - pending_files_created_idx: the nightly sweep finds waiting files by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_files add column fixed_rows integer[] not null default '{}'`.execute(
    db,
  );
  await sql`create index pending_files_created_idx on pending_files (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index pending_files_created_idx`.execute(db);
  await sql`alter table customer_files drop column fixed_rows`.execute(db);
}
