import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('firms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('employee_count', 'integer', (c) =>
      c.notNull().check(sql`employee_count between 1 and 10000`),
    )
    .addColumn('plan', 'text', (c) =>
      c
        .notNull()
        .defaultTo('free')
        .check(sql`plan in ('free', 'pro', 'business')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('firm_id', 'uuid', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'rm', 'compliance', 'head', 'view')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('credits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`credits >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_firm_email_unique', ['firm_id', 'email'])
    .execute();
  // An admin signs in with the email alone, so admin emails are unique across firms.
  await sql`create unique index users_admin_email_unique on users (email) where role = 'admin'`.execute(
    db,
  );
  // Each firm has exactly one admin: the account that registered it.
  await sql`create unique index users_one_admin_per_firm on users (firm_id) where role = 'admin'`.execute(
    db,
  );

  await db.schema
    .createTable('email_verifications')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('firms').execute();
}
