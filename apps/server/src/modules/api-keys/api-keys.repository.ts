import type { Plan } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';

/** How often a key's last use is written: each call would be a write per request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export async function insertApiKey(
  db: Executor,
  values: { firmId: string; name: string; prefix: string; hash: string; createdBy: string },
) {
  return db
    .insertInto('api_keys')
    .values({
      firm_id: values.firmId,
      name: values.name,
      prefix: values.prefix,
      key_hash: values.hash,
      created_by: values.createdBy,
    })
    .returning(['id', 'name', 'prefix', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The firm's keys, revoked ones too, newest first, with who created them. */
export function listApiKeys(db: Executor, firmId: string) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'k.firm_id').onRef('u.id', '=', 'k.created_by'),
    )
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.id as creator_id',
      'u.name as creator_name',
      'u.email as creator_email',
    ])
    .where('k.firm_id', '=', firmId)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .execute();
}

/** Revokes one of the firm's active keys; answers it, or undefined when there is none such. */
export async function revokeApiKey(db: Executor, firmId: string, keyId: string) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'prefix', 'revoked_at'])
    .executeTakeFirst();
}

/** Revokes every active key of the firm; answers the keys it revoked. */
export function revokeAllApiKeys(db: Executor, firmId: string) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'prefix'])
    .execute();
}

/** One of the firm's keys, active or revoked. */
export function findApiKey(db: Executor, firmId: string, keyId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'revoked_at'])
    .where('firm_id', '=', firmId)
    .where('id', '=', keyId)
    .executeTakeFirst();
}

export interface ActiveApiKey {
  id: string;
  firm_id: string;
  name: string;
  prefix: string;
  plan: Plan;
}

/** The active key with this hash, with its firm's plan; undefined for an unknown or revoked one. */
export async function findActiveApiKey(
  db: Executor,
  hash: string,
): Promise<ActiveApiKey | undefined> {
  // The key names its firm: it is found by its hash before any firm is known.
  return withoutFirmScope(db, 'a feed request’s key is found by its hash, before its firm is known')
    .selectFrom('api_keys as k')
    .innerJoin('firms as f', 'f.id', 'k.firm_id')
    .select(['k.id', 'k.firm_id', 'k.name', 'k.prefix', 'f.plan'])
    .where('k.key_hash', '=', hash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records a use, at most once a minute per key (the list shows it to the minute). */
export async function touchApiKey(db: Executor, firmId: string, keyId: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('id', '=', keyId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - ${LAST_USED_RESOLUTION}`),
      ]),
    )
    .execute();
}
