/**
 * The model's changelog, oldest first; its last line is MODEL_VERSION. Add a line whenever any
 * formula, weight, threshold, table or text template changes (patch: wording only; minor: a
 * formula, weight, threshold or table; major: the output shape). Stored insights carry the
 * version that produced them and are recomputed by a backfill. The model doc's version history
 * (docs/insights-model.md §12) is written from this list, and src/model-snapshot.test.ts fails
 * when the model's outputs change under an unchanged version.
 */
export const MODEL_CHANGES = [
  {
    version: '1.0.0',
    change: 'The model: nine biases, breakdown, priority, urgency, risk level, segment, texts.',
  },
  {
    version: '1.1.0',
    change:
      'risk_averse weighs risk aversion 0.7, so a plainly cautious customer is no longer balanced.',
  },
  { version: '1.1.1', change: '"an 8.5% drawdown" (issue 22).' },
  {
    version: '1.2.0',
    change:
      "Issue 20: urgency calibrated to an RM's capacity (§14); priority times each measure by time sensitivity, so fresh events come first, with an urgent floor for a fresh event on a high-risk portfolio; bias severity reaches 10 at strength 80; the segment is the strongest bias's segment, balanced only with no strong bias (§9); risks lead only within the segment's story and actions name a fresh event (§10).",
  },
] as const satisfies readonly { version: string; change: string }[];

/** Version of the scoring model: the last line of MODEL_CHANGES. */
export const MODEL_VERSION: string = MODEL_CHANGES[MODEL_CHANGES.length - 1]!.version;
