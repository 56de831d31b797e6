import type { Executor } from '../../db/executor.js';

export interface UsedIdempotencyKey {
  request_hash: string;
  file_id: string;
}

/** The import an Idempotency-Key of the firm already started, if any. */
export function findIdempotencyKey(
  db: Executor,
  firmId: string,
  key: string,
): Promise<UsedIdempotencyKey | undefined> {
  return db
    .selectFrom('feed_idempotency')
    .select(['request_hash', 'file_id'])
    .where('firm_id', '=', firmId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Claims the key for the file being recorded, in the transaction that records it. A concurrent
 * claim of the same key waits for the other transaction and then finds its row: answers it, or
 * undefined when this claim won.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: { firmId: string; key: string; requestHash: string; fileId: string },
): Promise<UsedIdempotencyKey | undefined> {
  const inserted = await db
    .insertInto('feed_idempotency')
    .values({
      firm_id: claim.firmId,
      idempotency_key: claim.key,
      request_hash: claim.requestHash,
      file_id: claim.fileId,
    })
    .onConflict((oc) => oc.columns(['firm_id', 'idempotency_key']).doNothing())
    .returning('file_id')
    .executeTakeFirst();
  if (inserted) return undefined;
  return findIdempotencyKey(db, claim.firmId, claim.key);
}
