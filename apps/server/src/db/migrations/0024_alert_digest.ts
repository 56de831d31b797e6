import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, item 4. Each user's alert digest preference: `daily` (the default, so everyone
 * with unread alerts hears of them) or `off`. And the alerts a digest has still to list, in
 * an index of their own: the digest run looks for them, and they are few beside the alerts
 * already listed or read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column alert_digest text not null default 'daily' check (alert_digest in ('daily', 'off'))`.execute(
    db,
  );
  await sql`create index alerts_digest_idx on alerts (user_id)
    where read_at is null and digested_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index alerts_digest_idx`.execute(db);
  await sql`alter table users drop column alert_digest`.execute(db);
}
