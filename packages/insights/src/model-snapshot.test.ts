import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  UPDATE_COMMAND,
  snapshotMismatch,
  takeSnapshot,
  type ModelSnapshot,
} from './testing/snapshot-corpus.js';
import { MODEL_VERSION } from './version.js';

/**
 * A model change cannot slip: the outputs of a fixed corpus (testing/snapshot-corpus.ts) are
 * hashed and compared with the committed snapshot of the current MODEL_VERSION. Stored insights
 * are only recomputed when the version changes, so a change of any output under the same
 * version would leave them silently on the old formula.
 */

const path = fileURLToPath(new URL('./model-snapshot.json', import.meta.url));
const committed = JSON.parse(readFileSync(path, 'utf8')) as ModelSnapshot;

/** The first output field of the samples that changed, to show what the change did. */
function firstChange(saved: readonly object[], now: readonly object[]): string {
  for (const [i, row] of now.entries()) {
    for (const [key, value] of Object.entries(row)) {
      const before = JSON.stringify((saved[i] as Record<string, unknown>)?.[key]);
      const after = JSON.stringify(value);
      if (before !== after) {
        return `\nSample ${i}, ${key}:\n  was ${before?.slice(0, 400)}\n  now ${after.slice(0, 400)}`;
      }
    }
  }
  return '';
}

describe('model snapshot (src/model-snapshot.json)', () => {
  it('the corpus outputs match the snapshot of the current MODEL_VERSION', () => {
    const now = takeSnapshot();
    expect(committed.corpus).toEqual(now.corpus);
    const mismatch = snapshotMismatch(committed, now);
    if (mismatch !== null) {
      expect.fail(mismatch + firstChange(committed.samples, now.samples));
    }
    expect(committed.model_version).toBe(MODEL_VERSION);
  });

  it('says to bump MODEL_VERSION when the outputs change under the same version', () => {
    const now = { ...committed, sha256: '0'.repeat(64) };
    expect(snapshotMismatch(committed, now)).toMatch(/outputs changed but MODEL_VERSION is still/);
    expect(snapshotMismatch(committed, now)).toContain(UPDATE_COMMAND);
    expect(snapshotMismatch(committed, { ...now, model_version: '9.0.0' })).toMatch(
      /regenerate it with/,
    );
    expect(snapshotMismatch(committed, committed)).toBeNull();
  });
});
