import { sql, type Kysely } from 'kysely';

/**
 * Issue 20. The daily call capacity that sizes today's call list: the firm's setting and an
 * RM's own override, null meaning "not set" (the firm then uses CALLS_PER_DAY_DEFAULT, the RM
 * the firm's). And notes on a customer: written by the customer's RM or the admin, editable
 * by their author for a day (updated_at records the edit), never deleted by anyone; they go
 * with the customer, like the call and product outcomes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table firms
    add column calls_per_day integer check (calls_per_day between 1 and 200)`.execute(db);
  await sql`alter table users
    add column calls_per_day integer check (calls_per_day between 1 and 200)`.execute(db);
  await sql`
    create table customer_notes (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null,
      customer_id text not null,
      author_id uuid references users(id) on delete set null,
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz,
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index customer_notes_customer_idx on customer_notes (firm_id, customer_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table customer_notes`.execute(db);
  await sql`alter table users drop column calls_per_day`.execute(db);
  await sql`alter table firms drop column calls_per_day`.execute(db);
}
