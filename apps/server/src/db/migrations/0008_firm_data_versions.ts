import { sql, type Kysely } from 'kysely';

/** The tables whose rows the RM lists show, and the write events that change a firm's version. */
const WATCHED: [table: string, event: 'insert' | 'update' | 'delete'][] = [
  ['customers', 'insert'],
  ['customers', 'update'],
  ['customers', 'delete'],
  ['customer_insights', 'insert'],
  ['customer_insights', 'update'],
  ['customer_insights', 'delete'],
  // New outcomes are counted per RM when a list is read (`listVersion`): raising the firm's
  // version for them would make an RM's click wait for a running import of the firm to commit.
  ['call_outcomes', 'update'],
  ['call_outcomes', 'delete'],
];

const triggerName = (table: string, event: string) => `${table}_${event}_data_version`;

/**
 * A version per firm that every committed change to the firm's customers, insights or call
 * outcomes raises, so a reader can tell in one indexed lookup whether a list it built earlier
 * still holds (the RM list cache, docs/architecture.md). Statement-level triggers with
 * transition tables: one update per statement and firm, whichever module writes, however
 * many rows. The update takes the firm's row lock until commit, so it is visible exactly when
 * the change is. The row is made with the firm; a firm being deleted has none left to raise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table firm_data_versions (
      firm_id uuid primary key references firms(id) on delete cascade,
      version bigint not null default 0
    )`.execute(db);
  await sql`insert into firm_data_versions (firm_id) select id from firms`.execute(db);
  await sql`
    create function create_firm_data_version() returns trigger language plpgsql as $$
    begin
      insert into firm_data_versions (firm_id) values (new.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger firms_insert_data_version after insert on firms
    for each row execute function create_firm_data_version()`.execute(db);
  // A transition table's name is fixed in the function, so one function per direction.
  for (const rows of ['new_rows', 'old_rows']) {
    await sql`
      create function ${sql.raw(`raise_firm_data_version_${rows}`)}() returns trigger language plpgsql as $$
      begin
        update firm_data_versions set version = version + 1
        where firm_id in (select distinct firm_id from ${sql.raw(rows)});
        return null;
      end $$`.execute(db);
  }
  await createDataVersionTriggers(db, ['customers', 'customer_insights', 'call_outcomes']);
  await sql`create index call_outcomes_rm_idx on call_outcomes (firm_id, rm_id)`.execute(db);
}

/** The version triggers of `tables` (migration 0009 puts them on the partitioned tables). */
export async function createDataVersionTriggers(db: Kysely<unknown>, tables: readonly string[]) {
  for (const [table, event] of WATCHED) {
    if (!tables.includes(table)) continue;
    const rows = event === 'delete' ? 'old_rows' : 'new_rows';
    const transition = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
    await sql`
      create trigger ${sql.raw(triggerName(table, event))} after ${sql.raw(event)} on ${sql.table(table)}
      referencing ${sql.raw(transition)}
      for each statement execute function ${sql.raw(`raise_firm_data_version_${rows}`)}()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index call_outcomes_rm_idx`.execute(db);
  for (const [table, event] of WATCHED) {
    await sql`drop trigger ${sql.raw(triggerName(table, event))} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop trigger firms_insert_data_version on firms`.execute(db);
  await sql`drop function raise_firm_data_version_new_rows()`.execute(db);
  await sql`drop function raise_firm_data_version_old_rows()`.execute(db);
  await sql`drop function create_firm_data_version()`.execute(db);
  await sql`drop table firm_data_versions`.execute(db);
}
