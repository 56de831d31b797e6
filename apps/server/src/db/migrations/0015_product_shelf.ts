import { sql, type Kysely } from 'kysely';
import { PRODUCT_CATEGORIES, PRODUCT_NEEDS } from '@behavio/contract';
import type { Database } from '../schema.js';
import { seedDefaultShelf } from '../../modules/products/products.repository.js';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );

/**
 * Each firm's product shelf (issue 18), and what RMs record about a product and a customer.
 * The database keeps the ranges and cross-field rules too, so no writer can store a rule the
 * recommendation model would misread. Every firm that exists gets the default shelf.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table products (
      firm_id uuid not null references firms(id) on delete cascade,
      product_id uuid not null default gen_random_uuid(),
      name text not null check (char_length(name) between 1 and 120),
      category text not null check (category in (${list(PRODUCT_CATEGORIES)})),
      description text not null default '' check (char_length(description) <= 1000),
      active boolean not null default true,
      weight double precision not null default 5 check (weight between 0 and 10),
      min_age integer check (min_age between 0 and 120),
      max_age integer check (max_age between 0 and 120),
      min_risk_profile double precision check (min_risk_profile between 1 and 10),
      max_risk_profile double precision check (max_risk_profile between 1 and 10),
      min_knowledge_quiz_score double precision check (min_knowledge_quiz_score between 0 and 100),
      min_experience_years double precision check (min_experience_years between 0 and 100),
      max_leverage_ratio double precision check (max_leverage_ratio between 0 and 100),
      min_aum double precision check (min_aum between 0 and 1e15),
      countries text[] not null default '{}',
      needs text[] not null default '{}' check (needs <@ array[${list(PRODUCT_NEEDS)}]::text[]),
      -- Set the first time the product is recommended or an outcome is recorded for it, and never
      -- cleared: a product that was ever recommended cannot be deleted (deactivate it instead),
      -- even after the customers it was recommended to are gone.
      first_recommended_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (firm_id, product_id),
      check (min_age <= max_age),
      check (min_risk_profile <= max_risk_profile)
    )`.execute(db);
  await sql`create unique index products_firm_name_idx on products (firm_id, lower(name))`.execute(
    db,
  );

  // Append-only: an outcome is never changed; an Undo is an outcome of its own ('undone').
  await sql`
    create table product_outcomes (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null,
      customer_id text not null,
      product_id uuid not null,
      outcome text not null check (outcome in ('offered', 'accepted', 'declined', 'undone')),
      reason text check (char_length(reason) <= 500),
      recorded_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      foreign key (firm_id, product_id) references products(firm_id, product_id) on delete restrict,
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index product_outcomes_customer_idx on product_outcomes (firm_id, customer_id, created_at desc)`.execute(
    db,
  );
  await sql`create index product_outcomes_product_idx on product_outcomes (firm_id, product_id)`.execute(
    db,
  );

  const typed = db as unknown as Kysely<Database>;
  const firms = await typed.selectFrom('firms').select('id').execute();
  // The governance columns come with 0033, which fills them for these products.
  for (const firm of firms) await seedDefaultShelf(typed, firm.id, { governance: false });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table product_outcomes`.execute(db);
  await sql`drop table products`.execute(db);
}
