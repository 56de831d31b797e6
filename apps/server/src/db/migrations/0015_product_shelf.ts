import { sql, type Kysely } from 'kysely';

/*
 * Frozen as written when this migration was made (issue 35): the category and need lists, and
 * the default shelf it gives every firm that existed then, are copied here rather than imported
 * from the contract or the products module, so that the migration does not change when they do.
 * New firms get today's shelf at registration (modules/products, `seedDefaultShelf`).
 */
const PRODUCT_CATEGORIES = ['savings', 'credit_card', 'loan', 'investment'];
const PRODUCT_NEEDS = [
  'idle_cash',
  'deleveraging',
  'concentration',
  'home_bias',
  'diversification',
  'liquidity',
  'long_term_growth',
  'income',
  'protection',
  'managed_investing',
];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );

interface ShelfProduct {
  name: string;
  category: string;
  description: string;
  needs: string[];
  active: boolean;
  weight: number;
  min_age: number | null;
  max_age: number | null;
  min_risk_profile: number | null;
  max_risk_profile: number | null;
  min_knowledge_quiz_score: number | null;
  min_experience_years: number | null;
  max_leverage_ratio: number | null;
  min_aum: number | null;
  countries: string[];
}

/** The two tables the seeding reads and writes, as they were at this migration. */
interface ShelfTables {
  firms: { id: string };
  products: ShelfProduct & { firm_id: string };
}

const NO_PRODUCT_RULES = {
  active: true,
  weight: 5,
  min_age: null,
  max_age: null,
  min_risk_profile: null,
  max_risk_profile: null,
  min_knowledge_quiz_score: null,
  min_experience_years: null,
  max_leverage_ratio: null,
  min_aum: null,
  countries: [],
};

const product = (
  p: Pick<ShelfProduct, 'name' | 'category' | 'description' | 'needs'> & Partial<ShelfProduct>,
): ShelfProduct => ({ ...NO_PRODUCT_RULES, ...p });

const DEFAULT_SHELF: readonly ShelfProduct[] = [
  product({
    name: 'Easy Access Saver',
    category: 'savings',
    description: 'Variable-rate savings account; withdrawals at any time.',
    needs: ['idle_cash'],
    min_age: 18,
  }),
  product({
    name: 'One-Year Fixed Term Deposit',
    category: 'savings',
    description: 'Fixed rate for twelve months; the capital is repaid in full at maturity.',
    needs: ['idle_cash', 'income'],
    min_age: 18,
  }),
  product({
    name: 'Capital-Protected Deposit',
    category: 'savings',
    description: 'Five-year deposit repaying the capital in full, with a share of market gains.',
    needs: ['protection'],
    min_age: 18,
  }),
  product({
    name: 'Margin Offset Saver',
    category: 'savings',
    description:
      'Cash held here offsets the interest on a margin or securities-backed loan and can repay it.',
    needs: ['deleveraging'],
    min_age: 18,
  }),
  product({
    name: 'Everyday Credit Card',
    category: 'credit_card',
    description: 'Card with a modest limit and no annual fee.',
    needs: ['liquidity'],
    min_age: 18,
    max_leverage_ratio: 1.2,
    weight: 4,
  }),
  product({
    name: 'Premium Credit Card',
    category: 'credit_card',
    description: 'Card with a higher limit and travel cover, for larger relationships.',
    needs: ['liquidity'],
    min_age: 21,
    max_leverage_ratio: 1.2,
    min_aum: 100_000,
    weight: 4,
  }),
  product({
    name: 'Personal Loan',
    category: 'loan',
    description: 'Fixed-rate instalment loan over one to five years.',
    needs: ['liquidity'],
    min_age: 21,
    max_age: 70,
    max_leverage_ratio: 1.2,
    weight: 4,
  }),
  product({
    name: 'Securities-Backed Credit Line',
    category: 'loan',
    description:
      'Credit line secured on the portfolio, so a short-term need does not force a sale.',
    needs: ['liquidity'],
    min_age: 21,
    min_risk_profile: 4,
    min_knowledge_quiz_score: 50,
    min_experience_years: 2,
    max_leverage_ratio: 1.1,
    min_aum: 50_000,
    weight: 4,
  }),
  product({
    name: 'Global Index Fund Portfolio',
    category: 'investment',
    description: 'Low-cost portfolio of global equity and bond index funds, rebalanced yearly.',
    needs: ['diversification', 'home_bias', 'concentration', 'long_term_growth'],
    min_age: 18,
    min_risk_profile: 3,
  }),
  product({
    name: 'Managed Portfolio Service',
    category: 'investment',
    description: 'Discretionary management to an agreed risk level; no trading decisions needed.',
    needs: ['managed_investing', 'diversification', 'deleveraging'],
    min_age: 18,
    min_risk_profile: 3,
    min_aum: 25_000,
  }),
  product({
    name: 'Monthly Investment Plan',
    category: 'investment',
    description: 'Rules-based monthly purchases of a diversified fund, set up once.',
    needs: ['long_term_growth', 'idle_cash', 'managed_investing'],
    min_age: 18,
    min_risk_profile: 3,
  }),
  product({
    name: 'Capital-Protected Note',
    category: 'investment',
    description: 'Five-year note repaying at least the capital, with part of an index’s rise.',
    needs: ['protection'],
    min_age: 18,
    min_risk_profile: 2,
    max_risk_profile: 7,
    min_knowledge_quiz_score: 40,
  }),
  product({
    name: 'Multi-Asset Income Fund',
    category: 'investment',
    description: 'Bonds and dividend shares paying a regular income; moderate risk.',
    needs: ['income'],
    min_age: 18,
    min_risk_profile: 2,
    max_risk_profile: 7,
  }),
];

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

  const typed = db as unknown as Kysely<ShelfTables>;
  const firms = await typed.selectFrom('firms').select('id').execute();
  for (const firm of firms)
    await typed
      .insertInto('products')
      .values(DEFAULT_SHELF.map((p) => ({ firm_id: firm.id, ...p })))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table product_outcomes`.execute(db);
  await sql`drop table products`.execute(db);
}
