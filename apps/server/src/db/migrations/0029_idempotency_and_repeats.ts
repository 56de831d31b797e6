import { sql, type Kysely } from 'kysely';

/**
 * Duplicate outcomes (issue 36, item 4; docs/product-rules.md, "Repeated outcomes and notes"):
 *
 * - feed_idempotency becomes idempotency_keys, the one store of Idempotency-Keys: the feed's
 *   (scope 'feed', firm-wide, with the import it started) and those of the product outcome, call
 *   outcome and note calls (scoped to the firm and the user, with the answer they gave). A key
 *   is unique per firm, scope and user (none for the feed).
 * - The repeats already recorded go: a product outcome identical to the pair's standing one
 *   when it was recorded (a refusal: within the cooling-off of the one standing), and an Undo that had nothing left to take back; a call outcome
 *   identical to the RM's latest one for the customer (same outcome, snooze date and
 *   recommendation); a note identical to one its author wrote on the customer less than
 *   NOTE_REPEAT_SECONDS (10) before. They are what the calls now answer without a new row; the
 *   audit log keeps every call.
 */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feed_idempotency rename to idempotency_keys`.execute(db);
  await sql`
    alter table idempotency_keys
      add column scope text not null default 'feed',
      add column user_id uuid references users(id) on delete cascade,
      add column response jsonb,
      alter column file_id drop not null,
      drop constraint feed_idempotency_pkey`.execute(db);
  await sql`alter table idempotency_keys alter column scope drop default`.execute(db);
  await sql`
    create unique index idempotency_keys_key on idempotency_keys
      (firm_id, scope, coalesce(user_id, ${sql.lit(NO_USER)}::uuid), idempotency_key)`.execute(db);
  await sql`alter index feed_idempotency_file_idx rename to idempotency_keys_file_idx`.execute(db);
  await sql`
    create index idempotency_keys_user_idx on idempotency_keys (user_id)
      where user_id is not null`.execute(db);

  await removeRepeatedProductOutcomes(db);
  await sql`
    delete from call_outcomes where id in (
      select id from (
        select id, (outcome, snooze_until, recommended_action, urgency_level, priority_score)
          is not distinct from lag((outcome, snooze_until, recommended_action, urgency_level,
            priority_score)) over (partition by firm_id, customer_id, rm_id
              order by created_at, id) as repeated
        from call_outcomes
      ) o
      where repeated)`.execute(db);
  await sql`
    delete from customer_notes n
    where exists (
      select 1 from customer_notes e
      where e.firm_id = n.firm_id and e.customer_id = n.customer_id
        and e.author_id = n.author_id and e.body = n.body
        and (e.created_at, e.id) < (n.created_at, n.id)
        and e.created_at > n.created_at - interval '10 seconds')`.execute(db);
}

/**
 * Product outcomes that repeat the pair's standing one (the same outcome; a refusal only within
 * the 90 days of cooling-off of the one standing), or an Undo with nothing to take back.
 */
async function removeRepeatedProductOutcomes(db: Kysely<unknown>) {
  const { rows } = await sql<{
    id: string;
    pair: string;
    outcome: string;
    at: Date | string;
  }>`
    select id, firm_id || ' ' || customer_id || ' ' || product_id as pair, outcome,
      created_at as at
    from product_outcomes
    order by firm_id, customer_id, product_id, created_at, id`.execute(db);
  const COOLOFF_MS = 90 * 86_400_000;
  const repeats: string[] = [];
  let pair = '';
  let standing: { outcome: string; at: number }[] = [];
  for (const row of rows) {
    if (row.pair !== pair) [pair, standing] = [row.pair, []];
    const at = new Date(row.at).getTime();
    const top = standing.at(-1);
    if (row.outcome === 'undone') {
      if (top) standing.pop();
      else repeats.push(row.id);
    } else if (
      top?.outcome === row.outcome &&
      (row.outcome !== 'declined' || at < top.at + COOLOFF_MS)
    )
      repeats.push(row.id);
    else standing.push({ outcome: row.outcome, at });
  }
  for (let i = 0; i < repeats.length; i += 1000) {
    const chunk = repeats.slice(i, i + 1000);
    await sql`delete from product_outcomes where id = any(${chunk}::uuid[])`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from idempotency_keys where scope <> 'feed'`.execute(db);
  await sql`drop index idempotency_keys_user_idx`.execute(db);
  await sql`drop index idempotency_keys_key`.execute(db);
  await sql`alter index idempotency_keys_file_idx rename to feed_idempotency_file_idx`.execute(db);
  await sql`
    alter table idempotency_keys
      drop column scope,
      drop column user_id,
      drop column response,
      alter column file_id set not null,
      add constraint feed_idempotency_pkey primary key (firm_id, idempotency_key)`.execute(db);
  await sql`alter table idempotency_keys rename to feed_idempotency`.execute(db);
}
