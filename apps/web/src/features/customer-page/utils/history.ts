import type { CallOutcomeEntry, ProductOutcomeEntry } from '@behavio/contract';
import { formatSnoozeDay } from './format';

/** One line of the outcome history: a product outcome or a call outcome. */
export interface HistoryEntry {
  key: string;
  kind: 'Product' | 'Call';
  what: string;
  reason: string | null;
  recorded_at: string;
  recorded_by: string | null;
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

/** Product and call outcomes in one list, newest first (ties: product outcomes first). */
export function outcomeHistory(
  products: readonly ProductOutcomeEntry[],
  calls: readonly CallOutcomeEntry[],
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
  ];
  // A stable sort keeps each list's own newest-first order among equal times.
  return entries.sort((a, b) => Date.parse(b.recorded_at) - Date.parse(a.recorded_at));
}
