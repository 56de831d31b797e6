/**
 * Version of the scoring model. Bump it whenever any formula, weight, threshold, table or text
 * template changes (patch: wording only; minor: a formula, weight or table; major: the output
 * shape). Stored insights carry the version that produced them and are recomputed by a backfill.
 */
export const MODEL_VERSION = '1.2.0';
