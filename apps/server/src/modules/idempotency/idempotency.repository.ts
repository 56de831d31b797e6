import type { Executor } from '../../db/executor.js';

/**
 * Idempotency-Keys (docs/product-rules.md, "Repeated outcomes and notes"): the feed's, one per firm, name the
 * import they started; a user's (product and call outcomes, notes) hold the answer they gave.
 * A key is unique per firm, scope and user (migration 0029's unique index).
 */
export type IdempotencyScope = 'feed' | 'product-outcome' | 'call-outcome' | 'note';

export interface IdempotencyClaim {
  firmId: string;
  scope: IdempotencyScope;
  /** The user who sent the key; null for the feed, whose keys are the firm's. */
  userId: string | null;
  key: string;
}

export interface UsedIdempotencyKey {
  request_hash: string;
  file_id: string | null;
  response: unknown;
}

/** What an Idempotency-Key already did, if it was used. */
export function findIdempotencyKey(
  db: Executor,
  claim: IdempotencyClaim,
): Promise<UsedIdempotencyKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'file_id', 'response'])
    .where('firm_id', '=', claim.firmId)
    .where('scope', '=', claim.scope)
    .where((eb) =>
      claim.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', claim.userId),
    )
    .where('idempotency_key', '=', claim.key)
    .executeTakeFirst();
}

/**
 * Claims the key in the transaction that does the work it names (the feed: with the file being
 * recorded). A concurrent claim of the same key waits for the other transaction (the unique
 * index) and then finds its row: answers it, or undefined when this claim won.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: IdempotencyClaim & { requestHash: string; fileId?: string },
): Promise<UsedIdempotencyKey | undefined> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      firm_id: claim.firmId,
      scope: claim.scope,
      user_id: claim.userId,
      idempotency_key: claim.key,
      request_hash: claim.requestHash,
      file_id: claim.fileId ?? null,
    })
    // The one unique index: (firm_id, scope, user_id or none, idempotency_key).
    .onConflict((oc) => oc.doNothing())
    .returning('request_hash')
    .executeTakeFirst();
  if (inserted) return undefined;
  return findIdempotencyKey(db, claim);
}

/** Keeps the answer of the call a claimed key named, in the same transaction. */
export async function storeIdempotentResponse(
  db: Executor,
  claim: IdempotencyClaim,
  response: unknown,
) {
  await db
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(response) })
    .where('firm_id', '=', claim.firmId)
    .where('scope', '=', claim.scope)
    .where((eb) =>
      claim.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', claim.userId),
    )
    .where('idempotency_key', '=', claim.key)
    .execute();
}
