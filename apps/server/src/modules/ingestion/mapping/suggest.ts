/**
 * Which header of a file probably holds which column (docs/ingestion.md, "Column mapping"):
 * each (column, header) pair is scored by its name, then by its sample values, and the best
 * pairs are taken greedily, each column and each header once.
 */
import {
  MAPPABLE_COLUMNS,
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type FileHeader,
  type MappableColumn,
  type MappingSuggestion,
} from '@behavio/contract';
import { columnNameOf, looseKey } from '../parse/index.js';
import { SYNONYMS } from './synonyms.js';

/** Confidence of a header that spells the column's own name (after normalising). */
export const EXACT = 1;
/** Confidence of a header that spells a known synonym. */
const SYNONYM = 0.9;
/** The most a name merely similar to the column's (or a synonym) can score. */
const SIMILAR = 0.8;
/** Similarity (Dice of letter pairs) below which names are not alike at all. */
const MIN_SIMILARITY = 0.6;
/** Values alone: a column of three-letter codes is probably the country, yes/no the flag. */
const BY_VALUES: Partial<Record<MappableColumn, number>> = {
  country_iso: 0.6,
  limit_orders_at_purchase_px: 0.4,
};
/** Pairs scoring below this are not suggested: the column stays unmapped. */
const MIN_CONFIDENCE = 0.35;

type Spec = { name: MappableColumn; kind: string; min?: number; max?: number };
const SPECS = new Map<MappableColumn, Spec>(
  [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => [c.name, c as Spec]),
);
const REQUIRED = new Set<string>(REQUIRED_COLUMNS.map((c) => c.name));

/** The header without bracketed units or hints: "Risk score (1-10)" → "Risk score". */
const withoutBrackets = (header: string) => header.replace(/[([{][^)\]}]*[)\]}]/g, ' ').trim();

const SYNONYM_KEYS = new Map<MappableColumn, Set<string>>(
  MAPPABLE_COLUMNS.map((c) => [c, new Set(SYNONYMS[c].map(looseKey))]),
);
/** The names a column is known by, for similarity: its own and its synonyms. */
const NAME_KEYS = new Map<MappableColumn, string[]>(
  MAPPABLE_COLUMNS.map((c) => [c, [looseKey(c), ...SYNONYMS[c].map(looseKey)]]),
);

function letterPairs(s: string): Map<string, number> {
  const pairs = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const pair = s.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Dice coefficient of two strings' letter pairs: 1 for equal strings, 0 for nothing shared. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const left = letterPairs(a);
  let shared = 0;
  for (const [pair, count] of letterPairs(b)) {
    const n = left.get(pair) ?? 0;
    shared += Math.min(n, count);
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}

/** A sample value as a number, with what spreadsheets add (%, currency, thousands) removed. */
function looseNumber(value: string): number | null {
  const s = value
    .replace(/[%$£€¥\s\u00a0']/g, '')
    .replace(/^\((.*)\)$/, '-$1')
    .replace(/,(?=\d{3}(\D|$))/g, '')
    .replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  return Number(s);
}

const BOOLEAN_WORDS = new Set(['true', 'false', 'yes', 'no', 'y', 'n', '1', '0']);

function fits(spec: Spec, value: string): boolean {
  switch (spec.kind) {
    case 'country':
      return /^[A-Za-z]{3}$/.test(value);
    case 'boolean':
      return BOOLEAN_WORDS.has(value.toLowerCase());
    case 'text':
      return value.length <= (spec.max ?? 64);
    default: {
      const n = looseNumber(value);
      if (n === null) return false;
      if (spec.kind === 'integer' && !Number.isInteger(n)) return false;
      return n >= (spec.min ?? -Infinity) && n <= (spec.max ?? Infinity);
    }
  }
}

/** The share of a header's non-empty sample values the column accepts; null without samples. */
export function valueFit(column: MappableColumn, samples: readonly string[]): number | null {
  const spec = SPECS.get(column) as Spec;
  const filled = samples.filter((v) => v !== '');
  if (filled.length === 0) return null;
  return filled.filter((v) => fits(spec, v)).length / filled.length;
}

/** How well a header's name names the column: 1 exact, 0.9 synonym, ≤ 0.8 alike, else 0. */
export function nameScore(column: MappableColumn, header: string): number {
  const bare = withoutBrackets(header) || header;
  if (columnNameOf(header) === column || columnNameOf(bare) === column) return EXACT;
  const keys = [looseKey(header), looseKey(bare)];
  const synonyms = SYNONYM_KEYS.get(column) as Set<string>;
  if (keys.some((k) => synonyms.has(k))) return SYNONYM;
  let best = 0;
  for (const known of NAME_KEYS.get(column) as string[])
    for (const k of keys) best = Math.max(best, similarity(k, known));
  return best >= MIN_SIMILARITY ? SIMILAR * best : 0;
}

/** The confidence that the header holds the column, from its name and its sample values. */
export function pairScore(column: MappableColumn, header: FileHeader): number {
  const byName = nameScore(column, header.header);
  if (byName === EXACT) return EXACT;
  const fit = valueFit(column, header.samples);
  if (byName > 0) {
    // Values that do not fit lower the confidence of a name; without samples it stands.
    return fit === null ? byName : byName * (0.6 + 0.4 * fit);
  }
  const byValues = BY_VALUES[column];
  return byValues !== undefined && fit !== null && fit === 1 ? byValues : 0;
}

/**
 * A suggestion for every mappable column: the best header still free, or null when none
 * scores at least MIN_CONFIDENCE. Ties go to the earlier column and the earlier header.
 */
export function suggestMapping(headers: readonly FileHeader[]): MappingSuggestion[] {
  const pairs: { column: MappableColumn; header: string; score: number }[] = [];
  for (const column of MAPPABLE_COLUMNS) {
    for (const header of headers) {
      const score = pairScore(column, header);
      if (score >= MIN_CONFIDENCE) pairs.push({ column, header: header.header, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const chosen = new Map<MappableColumn, { header: string; score: number }>();
  const used = new Set<string>();
  for (const pair of pairs) {
    if (chosen.has(pair.column) || used.has(pair.header)) continue;
    chosen.set(pair.column, pair);
    used.add(pair.header);
  }
  return MAPPABLE_COLUMNS.map((column) => {
    const pick = chosen.get(column);
    return {
      column,
      header: pick?.header ?? null,
      confidence: pick ? Math.round(pick.score * 100) / 100 : 0,
      required: REQUIRED.has(column),
    };
  });
}
