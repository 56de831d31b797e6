import { sql, type Kysely } from 'kysely';

/**
 * Re-imports that do not rewrite the book (issue 19, item 6; docs/changes-and-alerts.md):
 * which files supplied which customers moves out of the customer row. Kept in
 * `customers.supplied_by` (migration 0006), every re-send of a firm's book rewrote every
 * customer row, changed or not, only to add the new file's id.
 * - file_customer_ids: each file's customer ids in chunks of up to 10,000, written in one pass
 *   from the file's load table (about a hundred rows for a million customers). Deleting a file
 *   removes the customers of its chunks that no other file's chunks name. The chunks go with
 *   their file (foreign key), which a few hundred rows a file can afford.
 * - customers.supplied_by is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table file_customer_ids (
      file_id uuid not null references customer_files(id) on delete cascade,
      chunk integer not null,
      firm_id uuid not null,
      customer_ids text[] not null,
      primary key (file_id, chunk)
    )`.execute(db);
  await sql`create index file_customer_ids_firm_idx on file_customer_ids (firm_id)`.execute(db);
  await sql`
    insert into file_customer_ids (file_id, chunk, firm_id, customer_ids)
    select file_id, (n - 1) / 10000, firm_id, array_agg(customer_id order by customer_id)
    from (
      select s.firm_id, s.customer_id, s.file_id,
        row_number() over (partition by s.file_id order by s.customer_id) as n
      from (select firm_id, customer_id, unnest(supplied_by) as file_id from customers) s
      -- A file id left in supplied_by by a file deleted meanwhile has no file to belong to.
      join customer_files f on f.id = s.file_id
    ) numbered
    group by file_id, firm_id, (n - 1) / 10000`.execute(db);
  await sql`alter table customers drop column supplied_by`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column supplied_by uuid[] not null default '{}'`.execute(db);
  await sql`
    update customers c set supplied_by = l.files
    from (
      select firm_id, customer_id, array_agg(file_id order by file_id) as files
      from (select firm_id, file_id, unnest(customer_ids) as customer_id from file_customer_ids) s
      group by firm_id, customer_id
    ) l
    where c.firm_id = l.firm_id and c.customer_id = l.customer_id`.execute(db);
  await sql`drop table file_customer_ids`.execute(db);
}
