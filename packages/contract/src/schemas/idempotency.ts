import { z } from 'zod';

/**
 * `Idempotency-Key` (docs/product-rules.md, "Repeated outcomes and notes"): the feed takes it, and so do the
 * calls that record something about a customer (product and call outcomes, notes). A request
 * sent again with the same key and body answers what the first answered (header
 * `Idempotent-Replayed: true`); with another body, 422 `idempotency_key_reused`. Keys are the
 * firm's for the feed, the user's for the other calls.
 */

/** The longest `Idempotency-Key` accepted. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** The answer's header when it repeats the first answer of its key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The header, with what a retry with it answers on this route. */
export const idempotencyKeyHeader = (answers: string) =>
  z
    .string()
    .trim()
    .min(1, 'The Idempotency-Key header is empty.')
    .max(
      IDEMPOTENCY_KEY_MAX,
      `The Idempotency-Key can be at most ${IDEMPOTENCY_KEY_MAX} characters.`,
    )
    .optional()
    .meta({
      description: `Any unique text up to ${IDEMPOTENCY_KEY_MAX} characters (a UUID is best). A request sent again with the same key and body ${answers} (header \`Idempotent-Replayed: true\`); with another body, 422 \`idempotency_key_reused\`.`,
    });

/** The headers of a call that records something about a customer: an optional key of the user. */
export const recordHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeader(
    'answers what the first answered instead of recording again. Keys are the signed-in user’s own',
  ),
});
