import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A firm's subscription as the payment provider last told us. Ended rows stay as history; at
  // most one row per firm is live (active or past_due), and firms.plan follows it.
  await sql`
    create table subscriptions (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null references firms(id) on delete cascade,
      provider text not null check (provider in ('stripe', 'local')),
      provider_subscription_id text not null,
      provider_customer_id text,
      plan text not null check (plan in ('pro', 'business')),
      billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
      status text not null check (status in ('active', 'past_due', 'ended')),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null,
      cancel_at_period_end boolean not null default false,
      payment_url text,
      last_event_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      ended_at timestamptz,
      unique (provider, provider_subscription_id),
      check ((status = 'ended') = (ended_at is not null))
    )`.execute(db);
  await sql`create unique index subscriptions_one_live_per_firm on subscriptions (firm_id) where status <> 'ended'`.execute(
    db,
  );
  await sql`create index subscriptions_due_idx on subscriptions (current_period_end) where status <> 'ended'`.execute(
    db,
  );

  // Every provider event processed once: a replay finds its id here and changes nothing.
  await sql`
    create table billing_events (
      provider text not null,
      event_id text not null,
      type text not null,
      firm_id uuid,
      outcome text not null default 'received',
      detail text,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    )`.execute(db);

  // The offline provider's checkout sessions: a first purchase, or the payment of a renewal.
  await sql`
    create table local_checkout_sessions (
      id text primary key,
      firm_id uuid not null references firms(id) on delete cascade,
      kind text not null check (kind in ('subscription', 'renewal')),
      subscription_id uuid references subscriptions(id) on delete cascade,
      plan text not null check (plan in ('pro', 'business')),
      billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
      amount integer not null check (amount > 0),
      currency text not null,
      status text not null default 'open'
        check (status in ('open', 'paid', 'cancelled', 'failed', 'expired')),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      completed_at timestamptz,
      check ((kind = 'renewal') = (subscription_id is not null))
    )`.execute(db);
  await sql`create index local_checkout_sessions_firm_idx on local_checkout_sessions (firm_id, status)`.execute(
    db,
  );
  await sql`create unique index local_checkout_sessions_one_open_renewal on local_checkout_sessions (subscription_id) where status = 'open'`.execute(
    db,
  );

  // Every change of a user's credits, with the balance it left: users.credits is the sum of deltas.
  await sql`
    create table credit_ledger (
      id bigint generated always as identity primary key,
      firm_id uuid not null references firms(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      delta integer not null check (delta <> 0),
      reason text not null,
      balance_after integer not null check (balance_after >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index credit_ledger_user_idx on credit_ledger (user_id, id)`.execute(db);

  // A new user's starting credits are the ledger's first row, whichever module creates the user.
  await sql`
    create function credit_ledger_starting_credits() returns trigger language plpgsql as $$
    begin
      if new.credits > 0 then
        insert into credit_ledger (firm_id, user_id, delta, reason, balance_after)
        values (new.firm_id, new.id, new.credits, 'starting_credits', new.credits);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger users_starting_credits after insert on users
    for each row execute function credit_ledger_starting_credits()`.execute(db);
  await sql`
    insert into credit_ledger (firm_id, user_id, delta, reason, balance_after)
    select firm_id, id, credits, 'opening_balance', credits from users where credits > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_starting_credits on users`.execute(db);
  await sql`drop function credit_ledger_starting_credits()`.execute(db);
  await sql`drop table credit_ledger`.execute(db);
  await sql`drop table local_checkout_sessions`.execute(db);
  await sql`drop table billing_events`.execute(db);
  await sql`drop table subscriptions`.execute(db);
}
