import { sql, type Kysely } from 'kysely';

/**
 * Product governance (issue 28, item 1; docs/products.md, "Governance attributes"): every product
 * gains the target-market attributes the suitability gate reads. Existing products get their
 * category's documented defaults (the same values as CATEGORY_GOVERNANCE_DEFAULTS in the
 * contract, written out here so the migration never changes with the code):
 *
 * | category    | risk_class | complex | capital_at_risk | min_holding_years | adds_market_exposure |
 * | savings     | 1          | false   | none            | 0                 | false                |
 * | credit_card | 2          | false   | none            | 0                 | false                |
 * | loan        | 3          | false   | none            | 0                 | false                |
 * | investment  | 4          | false   | full            | 5                 | true                 |
 *
 * A product that still carries a default-shelf name in its category (case and surrounding spaces
 * ignored) is that product: it gets the default shelf's own values (docs/products.md), so a
 * five-year deposit does not read as having no lock-up.
 *
 * The checks keep credit as credit (no capital at risk, no market exposure) and the ranges the
 * API enforces, so no writer can store what the gate cannot read.
 */
/**
 * The default shelf's own values (docs/products.md, "The default shelf"), copied here rather than
 * imported so this migration never changes with the code.
 */
const DEFAULT_SHELF_GOVERNANCE = [
  ['Easy Access Saver', 'savings', 1, false, 'none', 0, false],
  ['One-Year Fixed Term Deposit', 'savings', 1, false, 'none', 1, false],
  ['Capital-Protected Deposit', 'savings', 2, false, 'none', 5, false],
  ['Margin Offset Saver', 'savings', 1, false, 'none', 0, false],
  ['Everyday Credit Card', 'credit_card', 2, false, 'none', 0, false],
  ['Premium Credit Card', 'credit_card', 2, false, 'none', 0, false],
  ['Personal Loan', 'loan', 3, false, 'none', 0, false],
  ['Securities-Backed Credit Line', 'loan', 4, true, 'none', 0, false],
  ['Global Index Fund Portfolio', 'investment', 4, false, 'full', 5, true],
  ['Managed Portfolio Service', 'investment', 4, false, 'full', 3, false],
  ['Monthly Investment Plan', 'investment', 4, false, 'full', 5, true],
  ['Capital-Protected Note', 'investment', 3, true, 'partial', 5, true],
  ['Multi-Asset Income Fund', 'investment', 3, false, 'full', 3, true],
].map(([name, category, risk_class, complex, capital_at_risk, min_holding_years, adds]) => ({
  name,
  category,
  risk_class,
  complex,
  capital_at_risk,
  min_holding_years,
  adds_market_exposure: adds,
}));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column risk_class smallint,
      add column complex boolean not null default false,
      add column capital_at_risk text,
      add column min_holding_years double precision,
      add column adds_market_exposure boolean`.execute(db);
  await sql`
    update products set
      risk_class = case category
        when 'savings' then 1 when 'credit_card' then 2 when 'loan' then 3 else 4 end,
      capital_at_risk = case category when 'investment' then 'full' else 'none' end,
      min_holding_years = case category when 'investment' then 5 else 0 end,
      adds_market_exposure = category = 'investment'`.execute(db);
  const shelf = sql.join(
    DEFAULT_SHELF_GOVERNANCE.map(
      (p) =>
        sql`(${p.name}::text, ${p.category}::text, ${p.risk_class}::smallint, ${p.complex}::boolean, ${p.capital_at_risk}::text, ${p.min_holding_years}::double precision, ${p.adds_market_exposure}::boolean)`,
    ),
  );
  await sql`
    update products p set
      risk_class = d.risk_class, complex = d.complex, capital_at_risk = d.capital_at_risk,
      min_holding_years = d.min_holding_years, adds_market_exposure = d.adds_market_exposure
    from (values ${shelf}) as d (name, category, risk_class, complex, capital_at_risk,
      min_holding_years, adds_market_exposure)
    where lower(trim(p.name)) = lower(d.name) and p.category = d.category`.execute(db);
  await sql`
    alter table products
      alter column risk_class set not null,
      alter column capital_at_risk set not null,
      alter column min_holding_years set not null,
      alter column adds_market_exposure set not null,
      add constraint products_risk_class_check check (risk_class between 1 and 7),
      add constraint products_capital_at_risk_check
        check (capital_at_risk in ('none', 'partial', 'full')),
      add constraint products_min_holding_years_check check (min_holding_years between 0 and 30),
      add constraint products_credit_governance_check
        check (category not in ('credit_card', 'loan')
          or (capital_at_risk = 'none' and not adds_market_exposure))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      drop column risk_class,
      drop column complex,
      drop column capital_at_risk,
      drop column min_holding_years,
      drop column adds_market_exposure`.execute(db);
}
