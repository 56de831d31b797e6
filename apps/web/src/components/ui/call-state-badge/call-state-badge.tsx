import type { CallState } from '@behavio/contract';
import { Badge } from '@mantine/core';

/** The words and colour of each call state (docs/product-rules.md, "One call state on every screen"). */
export const CALL_STATE_LABELS: Record<CallState, string> = {
  called: 'Called',
  snoozed: 'Snoozed',
  dismissed: 'Dismissed',
};
const COLORS: Record<CallState, string> = { called: 'teal', snoozed: 'blue', dismissed: 'gray' };

/**
 * Where a customer stands on their RM's call list, beside their id on every RM screen and the
 * customer page: a called, snoozed or dismissed customer stays on every list, marked, and only
 * today's call list leaves them out. Nothing for a customer who needs a call.
 */
export function CallStateBadge({ state }: { state?: CallState | null }) {
  if (!state) return null;
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" ml={6} tt="none">
      {CALL_STATE_LABELS[state]}
    </Badge>
  );
}
