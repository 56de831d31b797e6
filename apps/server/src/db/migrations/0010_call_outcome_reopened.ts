import { sql, type Kysely } from 'kysely';

/**
 * An RM can take back a call outcome (Undo): the undo is recorded as an outcome of its own,
 * 'reopened', so the record of what the RM did stays append-only for compliance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table call_outcomes
      drop constraint call_outcomes_outcome_check,
      add constraint call_outcomes_outcome_check
        check (outcome in ('called', 'snoozed', 'dismissed', 'reopened'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from call_outcomes where outcome = 'reopened'`.execute(db);
  await sql`
    alter table call_outcomes
      drop constraint call_outcomes_outcome_check,
      add constraint call_outcomes_outcome_check
        check (outcome in ('called', 'snoozed', 'dismissed'))`.execute(db);
}
