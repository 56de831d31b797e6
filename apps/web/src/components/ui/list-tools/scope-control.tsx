import type { WhoToCallScope } from '@behavio/contract';
import { SegmentedControl } from '@mantine/core';

const SCOPES: { value: WhoToCallScope; label: string }[] = [
  { value: 'today', label: "Today's list" },
  { value: 'all', label: 'Show all' },
];

/**
 * "Today's list / Show all" over a call list (docs/product-rules.md, "Today's call list"): the
 * RM's own and the admin's view of an RM's.
 */
export function ScopeControl({
  value,
  onChange,
}: {
  value: WhoToCallScope;
  onChange: (scope: WhoToCallScope) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Which customers to show"
      data={SCOPES}
      value={value}
      onChange={(scope) => onChange(scope as WhoToCallScope)}
    />
  );
}
