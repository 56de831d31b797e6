import { createHash } from 'node:crypto';
import { API_KEY_MESSAGES } from '@behavio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  storeIdempotentResponse,
  type IdempotencyScope,
} from './idempotency.repository.js';

/**
 * The feed claims its key itself, in the transaction that records its file (feed.service.ts):
 * the same store and the same rules.
 */
export { claimIdempotencyKey, findIdempotencyKey };

/** An answer, and whether it repeats the one an earlier request with its key got. */
export interface IdempotentAnswer<T> {
  body: T;
  replayed: boolean;
}

/** The same key for another request: 422 `idempotency_key_reused`. */
export const reusedIdempotencyKey = () =>
  new AppError('idempotency_key_reused', API_KEY_MESSAGES.idempotencyKeyReused);

/** A request's fingerprint: its scope and what it asks for (path parameters and body). */
export const requestHashOf = (scope: IdempotencyScope, request: unknown) =>
  createHash('sha256').update(`${scope}\n`).update(JSON.stringify(request)).digest('hex');

/**
 * Runs `work` in a transaction, once per Idempotency-Key of the user: the key is claimed first,
 * in the same transaction, so a second request with it (at once or later) waits for the first
 * and answers what it answered, and one with another request is refused (422). A call that fails
 * keeps nothing, so its key may be sent again. Without a key, `work` simply runs.
 */
export function idempotently<T>(
  db: Kysely<Database>,
  call: {
    firmId: string;
    userId: string;
    scope: Exclude<IdempotencyScope, 'feed'>;
    key: string | undefined;
    request: unknown;
  },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<IdempotentAnswer<T>> {
  return db.transaction().execute(async (trx) => {
    const { key } = call;
    if (key === undefined) return { body: await work(trx), replayed: false };
    const claim = { firmId: call.firmId, scope: call.scope, userId: call.userId, key };
    const requestHash = requestHashOf(call.scope, call.request);
    const used = await claimIdempotencyKey(trx, { ...claim, requestHash });
    if (used) {
      if (used.request_hash !== requestHash) throw reusedIdempotencyKey();
      return { body: used.response as T, replayed: true };
    }
    const body = await work(trx);
    await storeIdempotentResponse(trx, claim, body);
    return { body, replayed: false };
  });
}
