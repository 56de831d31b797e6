import { sql, type Kysely } from 'kysely';

/**
 * How far a running import has got, for the progress the file's tab and the upload screen show
 * (docs/ingestion.md, "Progress"): when it started reading, the rows read so far (written with
 * each batch), and the rows the file is expected to hold, counted before the import starts
 * (null when it cannot be told). All stay null for files imported before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customer_files
      add column import_started_at timestamptz,
      add column rows_processed integer,
      add column rows_expected integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customer_files 
      drop column import_started_at, drop column rows_processed, drop column rows_expected`.execute(
    db,
  );
}
