import { createHash } from 'node:crypto';
import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnSpec,
  type CustomerInsights,
  type CustomerRecord,
} from '@behavio/contract';
import { scoreCustomer } from '../score.js';
import { MODEL_VERSION } from '../version.js';
import { PERSONAS } from './personas.js';
import { generateCustomers, mulberry32 } from './random-customers.js';

/**
 * The fixed corpus behind the model snapshot (src/model-snapshot.json): realistic rows from the
 * seeded generator, rows drawn across every column's whole valid range (figures to 0, 1 and 2
 * decimals, so that rounding boundaries are hit), the personas and edge rows (every column at
 * its minimum, at its maximum, one column at a time at each end). Built only from seeded
 * generators of this repository, never from a library's sampler, so an upgrade cannot change it.
 */

/** How the corpus is built: changing it changes the hash, so it is part of the snapshot. */
export const SNAPSHOT_CORPUS = { seed: 35, realistic: 2500, wide: 1500 } as const;

const COLUMNS: readonly ColumnSpec[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
const COUNTRIES = ['GBR', 'USA', 'DEU', 'CHE', 'JPN', 'IND', 'XKX', 'gbr', ' usa', 'ZZZ'];

/** A row drawn across every column's whole valid range. */
function wideRow(rnd: () => number, index: number): CustomerRecord {
  const row: Record<string, unknown> = { customer_id: `W-${index + 1}` };
  for (const c of COLUMNS) {
    if (c.name === 'customer_id') continue;
    const min = c.min ?? 0;
    // Half the draws stay in the range where the model's ramps live, half span the whole range.
    const max = rnd() < 0.5 ? Math.min(c.max ?? 100, min + 400) : (c.max ?? 100);
    const x = min + (max - min) * rnd();
    const decimals = Math.floor(rnd() * 3);
    switch (c.kind) {
      case 'country':
        row[c.name] = COUNTRIES[Math.floor(rnd() * COUNTRIES.length)];
        break;
      case 'boolean':
        row[c.name] = rnd() < 0.5;
        break;
      case 'integer':
        row[c.name] = Math.round(x);
        break;
      default:
        row[c.name] =
          c.name === 'aum' || c.name === 'revenue_12m'
            ? rnd() < 0.4
              ? null
              : Math.round(10 ** (8 * rnd()))
            : Math.min(c.max ?? 100, Math.round(x * 10 ** decimals) / 10 ** decimals);
    }
  }
  return row as unknown as CustomerRecord;
}

/** Every column at one end of its range (`min` or `max`), or one column moved to it. */
function edgeRows(): CustomerRecord[] {
  const end = (which: 'min' | 'max', only?: string): CustomerRecord => {
    const row: Record<string, unknown> = { ...PERSONAS.balanced };
    for (const c of COLUMNS) {
      if (only !== undefined && c.name !== only) continue;
      if (c.kind === 'boolean') row[c.name] = which === 'max';
      else if (c.kind === 'integer' || c.kind === 'number') row[c.name] = c[which] ?? 0;
    }
    row.customer_id = `E-${which}-${only ?? 'all'}`;
    return row as unknown as CustomerRecord;
  };
  const rows = [end('min'), end('max')];
  for (const c of COLUMNS) {
    if (c.kind === 'text' || c.kind === 'country') continue;
    rows.push(end('min', c.name), end('max', c.name));
  }
  return rows;
}

/** The corpus, in a fixed order. */
export function snapshotCorpus(): CustomerRecord[] {
  const { seed, realistic, wide } = SNAPSHOT_CORPUS;
  const rnd = mulberry32(seed);
  return [
    ...Object.values(PERSONAS),
    ...edgeRows(),
    ...generateCustomers(realistic, seed),
    ...Array.from({ length: wide }, (_, i) => wideRow(rnd, i)),
  ];
}

/** The model's outputs over the corpus: a hash of every output, and a few rows to read. */
export interface ModelSnapshot {
  readonly model_version: string;
  readonly corpus: typeof SNAPSHOT_CORPUS & { readonly rows: number };
  /** sha256 of the outputs, one JSON line per row. */
  readonly sha256: string;
  /** A few rows' outputs, so a reviewer can see what the hash stands for. */
  readonly samples: readonly CustomerInsights[];
}

/** Rows whose outputs are kept in the snapshot as samples. */
const SAMPLE_ROWS = [0, 10, 1000, 3000];

/** Scores the corpus with the current model. */
export function takeSnapshot(): ModelSnapshot {
  const corpus = snapshotCorpus();
  const hash = createHash('sha256');
  const samples: CustomerInsights[] = [];
  corpus.forEach((row, i) => {
    const out = scoreCustomer(row);
    hash.update(JSON.stringify(out) + '\n');
    if (SAMPLE_ROWS.includes(i)) samples.push(out);
  });
  return {
    model_version: MODEL_VERSION,
    corpus: { ...SNAPSHOT_CORPUS, rows: corpus.length },
    sha256: hash.digest('hex'),
    samples,
  };
}

/** The command that rewrites src/model-snapshot.json. */
export const UPDATE_COMMAND = 'npx tsx packages/insights/scripts/update-model-snapshot.ts';

/** Why the current outputs do not match the committed snapshot, or null when they do. */
export function snapshotMismatch(saved: ModelSnapshot, now: ModelSnapshot): string | null {
  if (saved.sha256 === now.sha256 && saved.model_version === now.model_version) return null;
  if (saved.model_version === now.model_version) {
    return (
      `The model's outputs changed but MODEL_VERSION is still ${now.model_version}. ` +
      'Bump MODEL_VERSION with a line in MODEL_CHANGES (packages/insights/src/version.ts; ' +
      'patch: wording, minor: a formula, weight, threshold or table, major: the output shape), ' +
      `then regenerate the snapshot: ${UPDATE_COMMAND}`
    );
  }
  return (
    `MODEL_VERSION is ${now.model_version} but the snapshot is of ${saved.model_version}: ` +
    `regenerate it with ${UPDATE_COMMAND} and commit src/model-snapshot.json.`
  );
}
