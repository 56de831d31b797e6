import { sql, type Kysely } from 'kysely';

/**
 * Cheaper imports (docs/benchmarks.md, ingestion): measured on PostgreSQL, writing a link row
 * per customer and file (two foreign-key checks and two indexes a row) cost as much as the
 * customers themselves, and the insights' foreign key half of the insights' write.
 * - Which files supplied a customer is now an array on the customer; deleting a file removes
 *   its id there and then the customers no file supplies any more.
 * - Insights lose their foreign key to customers: the only code that deletes customers
 *   (deleting a file) deletes their insights in the same transaction, and a test holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column supplied_by uuid[] not null default '{}'`.execute(db);
  await sql`
    update customers c set supplied_by = l.files
    from (
      select firm_id, customer_id, array_agg(file_id order by file_id) as files
      from customer_file_links group by firm_id, customer_id
    ) l
    where c.firm_id = l.firm_id and c.customer_id = l.customer_id`.execute(db);
  await sql`drop table customer_file_links`.execute(db);
  await sql`alter table customer_insights drop constraint customer_insights_firm_id_customer_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customer_insights add foreign key (firm_id, customer_id)
      references customers(firm_id, customer_id) on delete cascade`.execute(db);
  await sql`
    create table customer_file_links (
      firm_id uuid not null,
      customer_id text not null,
      file_id uuid not null references customer_files(id) on delete cascade,
      primary key (firm_id, customer_id, file_id),
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index customer_file_links_file_idx on customer_file_links (file_id)`.execute(db);
  await sql`
    insert into customer_file_links (firm_id, customer_id, file_id)
    select firm_id, customer_id, unnest(supplied_by) from customers`.execute(db);
  await sql`alter table customers drop column supplied_by`.execute(db);
}
