import { z } from 'zod';
import { TOP_BIASES_LISTED } from '../constants.js';
import { wholeNumberParam } from './fields.js';
import { biasNameSchema, riskLevelSchema, segmentSchema, urgencyLevelSchema } from './insights.js';

/**
 * What changed for each customer when an import completed (issue 19, items 1 and 2). An
 * import compares every customer it carries with their stored insight; the rules below name
 * each kind of change. docs/changes-and-alerts.md explains each rule and what is stored.
 */

/** Every kind of change an import (or, for product_change, the recommendations run) records. */
export const CHANGE_KINDS = [
  'urgency_up',
  'risk_level_up',
  'priority_jump',
  'new_top_bias',
  'segment_change',
  'product_change',
] as const;
export const changeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** priority_jump: the priority score rose by at least this many points (of 10). */
export const PRIORITY_JUMP_MIN_POINTS = 2;

/** The rule behind each kind, in plain words (the docs and the web show these). */
export const CHANGE_RULES: Record<ChangeKind, string> = {
  urgency_up: 'The urgency level rose (low, medium, high, urgent)',
  risk_level_up: 'The risk level rose (low, medium, high)',
  priority_jump: `The priority score rose by at least ${PRIORITY_JUMP_MIN_POINTS} points`,
  new_top_bias: 'The leading bias is a different one',
  segment_change: 'The behavioural segment changed',
  product_change: 'The top recommended product is a different one',
};

/** What an import did to one customer. Imports never remove a customer (see the docs). */
export const CUSTOMER_CHANGES = ['new', 'updated', 'removed'] as const;
export const customerChangeSchema = z.enum(CUSTOMER_CHANGES);
export type CustomerChange = z.infer<typeof customerChangeSchema>;

/** Where a recorded insight came from: an uploaded file or the API feed (a file too). */
export const HISTORY_SOURCES = ['file', 'api'] as const;
export const historySourceSchema = z.enum(HISTORY_SOURCES);
export type HistorySource = z.infer<typeof historySourceSchema>;

/** The part of a customer's insight that history keeps. */
export const insightSnapshotSchema = z.object({
  priority_score: z.number(),
  urgency_level: urgencyLevelSchema,
  risk_level: riskLevelSchema,
  segment: segmentSchema,
  /** The leading biases, strongest first (at most TOP_BIASES_LISTED). */
  top_biases: z.array(z.object({ bias: biasNameSchema, score: z.number() })).max(TOP_BIASES_LISTED),
  /** The best recommended product, or null when none is (or none was yet) recommended. */
  top_product_id: z.string().nullable(),
  model_version: z.string(),
});
export type InsightSnapshot = z.infer<typeof insightSnapshotSchema>;

/** One recorded state of a customer's insight, as the customer page lists them (newest first). */
export const historyEntrySchema = insightSnapshotSchema.extend({
  recorded_at: z.string(),
  /** The file (or feed batch) whose import recorded it; null when no import did. */
  file_id: z.string().nullable(),
  source: historySourceSchema,
  /** The kinds of change this state brought; empty for a new customer or a quiet change. */
  changes: z.array(changeKindSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const FILE_CHANGES_PAGE_MAX = 100;
export const FILE_CHANGES_PAGE_DEFAULT = 50;

export const FILE_CHANGES_MESSAGES = {
  notFound: 'File not found',
} as const;

export const fileChangesParamsSchema = z.object({
  file_id: z.string().max(200),
});

/** A feed import is a file (docs/api-feed.md): its id is the file's. */
export const importChangesParamsSchema = z.object({
  import_id: z.string().max(200),
});

/** Offsets go this far at most: far beyond any firm's book, and no number overflows a query. */
export const PAGE_OFFSET_MAX = 100_000_000;

export const fileChangesQuerySchema = z.object({
  limit: wholeNumberParam('limit', 1, FILE_CHANGES_PAGE_MAX).default(FILE_CHANGES_PAGE_DEFAULT),
  offset: wholeNumberParam('offset', 0, PAGE_OFFSET_MAX).default(0),
});
export type FileChangesQuery = z.input<typeof fileChangesQuerySchema>;

const count = z.number().int().min(0);

/** How many customers of the import showed each kind of change. */
export const changeCountsSchema = z.object({
  urgency_up: count,
  risk_level_up: count,
  priority_jump: count,
  new_top_bias: count,
  segment_change: count,
  product_change: count,
});
export type ChangeCounts = z.infer<typeof changeCountsSchema>;

/** One customer the import created or changed: their insight before and after. */
export const fileChangeItemSchema = z.object({
  customer_id: z.string(),
  change: customerChangeSchema,
  kinds: z.array(changeKindSchema),
  before: insightSnapshotSchema.nullable(),
  after: insightSnapshotSchema.nullable(),
});
export type FileChangeItem = z.infer<typeof fileChangeItemSchema>;

export const fileChangesResponseSchema = z.object({
  file_id: z.string(),
  new_customers: count,
  updated: count,
  unchanged: count,
  removed: count,
  changes: changeCountsSchema,
  /** A page of the customers created or changed, by customer id. */
  items: z.array(fileChangeItemSchema),
  total_items: count,
});
export type FileChangesResponse = z.infer<typeof fileChangesResponseSchema>;
