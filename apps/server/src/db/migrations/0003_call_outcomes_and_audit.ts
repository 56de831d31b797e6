import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What an RM did with a recommendation, with the recommendation as it stood then.
  await sql`
    create table call_outcomes (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null,
      customer_id text not null,
      rm_id uuid references users(id) on delete set null,
      outcome text not null check (outcome in ('called', 'snoozed', 'dismissed')),
      snooze_until date,
      reason text,
      model_version text not null,
      priority_score double precision not null,
      urgency_level text not null,
      recommended_action text not null,
      created_at timestamptz not null default now(),
      foreign key (firm_id, customer_id) references customers(firm_id, customer_id) on delete cascade
    )`.execute(db);
  await sql`create index call_outcomes_customer_idx on call_outcomes (firm_id, customer_id, created_at desc)`.execute(
    db,
  );

  // Append-only record of who changed what, written in the same transaction as the change.
  await sql`
    create table audit_events (
      id bigint generated always as identity primary key,
      firm_id uuid not null references firms(id) on delete cascade,
      actor_id uuid,
      actor_email text not null,
      actor_role text not null,
      action text not null,
      subject_type text not null,
      subject_id text not null,
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_events_firm_idx on audit_events (firm_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_events`.execute(db);
  await sql`drop table call_outcomes`.execute(db);
}
