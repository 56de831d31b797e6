import type { CallOutcomeEntry, Note, ProductOutcomeEntry } from '@behavio/contract';
import { formatSnoozeDay } from './format';

/** One line of the timeline: a product outcome, a call outcome or a note. */
export interface HistoryEntry {
  key: string;
  kind: 'Product' | 'Call' | 'Note';
  what: string;
  reason: string | null;
  recorded_at: string;
  recorded_by: string | null;
  /** The note itself, for its author's Edit. */
  note?: Note;
}

const PRODUCT_WORDS: Record<ProductOutcomeEntry['outcome'], string> = {
  offered: 'offered',
  accepted: 'accepted',
  declined: 'declined',
  undone: 'outcome undone',
};

const CALL_WORDS: Record<CallOutcomeEntry['outcome'], string> = {
  called: 'Called',
  snoozed: 'Snoozed',
  dismissed: 'Dismissed from the call list',
  reopened: 'Back on the call list',
};

/**
 * Product and call outcomes and notes in one timeline, newest first (ties: product outcomes,
 * then calls, then notes).
 */
export function outcomeHistory(
  products: readonly ProductOutcomeEntry[],
  calls: readonly CallOutcomeEntry[],
  notes: readonly Note[] = [],
): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...products.map((entry, index) => ({
      key: `p${index}`,
      kind: 'Product' as const,
      what: `${entry.product_name}: ${PRODUCT_WORDS[entry.outcome]}`,
      reason: entry.reason,
      recorded_at: entry.recorded_at,
      recorded_by: entry.recorded_by,
    })),
    ...calls.map((entry, index) => ({
      key: `c${index}`,
      kind: 'Call' as const,
      what:
        entry.outcome === 'snoozed' && entry.snooze_until
          ? `Snoozed until ${formatSnoozeDay(entry.snooze_until)}`
          : CALL_WORDS[entry.outcome],
      reason: entry.reason,
      recorded_at: entry.recorded_at,
      recorded_by: entry.recorded_by,
    })),
    ...notes.map((note) => ({
      key: `n${note.id}`,
      kind: 'Note' as const,
      what: note.body,
      reason: null,
      recorded_at: note.created_at,
      recorded_by: note.author_name,
      note,
    })),
  ];
  // A stable sort keeps each list's own newest-first order among equal times.
  return entries.sort((a, b) => Date.parse(b.recorded_at) - Date.parse(a.recorded_at));
}
