import { sql, type Kysely } from 'kysely';

/**
 * API keys and the customer feed (docs/api-feed.md):
 * - api_keys: a firm's named keys, each kept only as the SHA-256 of the secret (docs/security.md,
 *   "API keys") with a short prefix for display; revoking sets revoked_at, the row stays for the
 *   audit trail and the list;
 * - customer_files.source/api_key_id: a feed request is stored as an ordinary file of the firm,
 *   imported by the same job; these say it came through the feed, and with which key;
 * - feed_idempotency: an Idempotency-Key already used by the firm, the request it carried (a
 *   hash) and the import it started, so a retry answers that import instead of a second one. It
 *   goes with its import (a deleted file may be sent again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      firm_id uuid not null references firms(id) on delete cascade,
      name text not null,
      prefix text not null,
      key_hash text not null unique,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_keys_firm_idx on api_keys (firm_id, created_at)`.execute(db);
  await sql`
    create unique index api_keys_active_name_idx on api_keys (firm_id, lower(name))
      where revoked_at is null`.execute(db);
  await sql`
    alter table customer_files
      add column source text not null default 'upload' check (source in ('upload', 'api')),
      add column api_key_id uuid references api_keys(id) on delete set null`.execute(db);
  await sql`
    create table feed_idempotency (
      firm_id uuid not null references firms(id) on delete cascade,
      idempotency_key text not null,
      request_hash text not null,
      -- Claimed before the file row is written, in the same transaction: checked at commit.
      file_id uuid not null references customer_files(id) on delete cascade
        deferrable initially deferred,
      created_at timestamptz not null default now(),
      primary key (firm_id, idempotency_key)
    )`.execute(db);
  await sql`create index feed_idempotency_file_idx on feed_idempotency (file_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feed_idempotency`.execute(db);
  await sql`alter table customer_files drop column api_key_id, drop column source`.execute(db);
  await sql`drop table api_keys`.execute(db);
}
