import { sql, type Kysely } from 'kysely';

/**
 * Sessions that can be ended, and password reset codes.
 *
 * - `users.session_epoch`: every token carries the epoch it was issued in; a password change or
 *   reset raises it, which ends every earlier session of that user in every API process at once.
 * - `revoked_tokens`: tokens ended one by one (logout), kept only until they would have expired
 *   anyway (the maintenance job deletes them then).
 * - `password_resets`: one pending reset code per user, the same shape as email_verifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column session_epoch integer not null default 0`.execute(db);

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('revoked_tokens_user_id')
    .on('revoked_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await sql`alter table users drop column session_epoch`.execute(db);
}
