import {
  TOP_BIASES_LISTED,
  type BiasName,
  type ChangeKind,
  type HistoryEntry,
  type InsightSnapshot,
  type RiskLevel,
  type Segment,
  type UrgencyLevel,
} from '@behavio/contract';
import { sql } from 'kysely';

/**
 * A stored state of a customer's insight as the API shows it. The current row of
 * customer_insights is the newest state, insight_history holds the ones imports superseded
 * (migration 0022); both are read with the same columns, named here once.
 */
export interface SnapshotRow {
  model_version: string;
  priority_score: number;
  urgency_level: string;
  risk_level: string;
  segment: string;
  top_biases: unknown;
  top_product_id: string | null;
}

/** The snapshot columns of the current row `alias` (a customer_insights row). */
export const currentSnapshotColumns = (alias: string) =>
  sql.raw(
    ['model_version', 'priority_score', 'urgency_level', 'risk_level', 'segment', 'top_biases']
      .map((c) => `${alias}.${c}`)
      .concat(`${alias}.recommended_products -> 0 ->> 'product_id' as top_product_id`)
      .join(', '),
  );

/** The same columns of a history row `alias`. */
export const historySnapshotColumns = (alias: string) =>
  sql.raw(
    [
      'model_version',
      'priority_score',
      'urgency_level',
      'risk_level',
      'segment',
      'top_biases',
      'top_product_id',
    ]
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

interface StoredTopBias {
  bias_name: BiasName;
  score: number;
}

/** pg answers json as parsed values, PGlite too; a string is parsed for safety. */
const parsed = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

export function toSnapshot(row: SnapshotRow): InsightSnapshot {
  const biases = (parsed(row.top_biases) ?? []) as StoredTopBias[];
  return {
    priority_score: Number(row.priority_score),
    urgency_level: row.urgency_level as UrgencyLevel,
    risk_level: row.risk_level as RiskLevel,
    segment: row.segment as Segment,
    top_biases: biases
      .slice(0, TOP_BIASES_LISTED)
      .map((b) => ({ bias: b.bias_name, score: b.score })),
    top_product_id: row.top_product_id ?? null,
    model_version: row.model_version,
  };
}

export interface HistoryRow extends SnapshotRow {
  file_id: string | null;
  changes: ChangeKind[];
  recorded_at: Date | string;
  source: string | null;
}

export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    ...toSnapshot(row),
    recorded_at: new Date(row.recorded_at).toISOString(),
    file_id: row.file_id,
    source: row.source === 'api' ? 'api' : 'file',
    changes: row.changes,
  };
}

/**
 * Where a file's rows came from: 'api' for a feed batch. The feed's migration adds
 * customer_files.source; read through to_jsonb so this works with or without that column.
 */
export const fileSourceOf = (alias: string) => sql.raw(`to_jsonb(${alias}) ->> 'source'`);
