import type { BillingCycle } from '@behavio/contract';
import { Badge, Group, SegmentedControl } from '@mantine/core';
import { SUBSCRIPTION_TEXT } from '../api/subscription';
import { CYCLE_LABELS } from '../utils/format';

export interface BillingCycleToggleProps {
  cycles: readonly BillingCycle[];
  /** The cycle labelled Preferred (yearly, as the server says). */
  preferred: BillingCycle;
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}

/** product-rules: Screens: the monthly/yearly toggle, yearly labelled Preferred. */
export function BillingCycleToggle({
  cycles,
  preferred,
  value,
  onChange,
}: BillingCycleToggleProps) {
  return (
    <SegmentedControl
      aria-label="Billing cycle"
      value={value}
      onChange={(next) => onChange(next as BillingCycle)}
      radius="xl"
      size="md"
      color="brand"
      // Each option as wide as its label: equal widths would squeeze the Preferred badge.
      styles={{ control: { flex: '0 0 auto' }, label: { paddingInline: 16 } }}
      data={cycles.map((cycle) => ({
        value: cycle,
        label: (
          <Group gap={6} wrap="nowrap" justify="center">
            <span>{CYCLE_LABELS[cycle]}</span>
            {cycle === preferred ? (
              <Badge
                size="xs"
                radius="sm"
                variant={cycle === value ? 'white' : 'light'}
                color={cycle === value ? 'brand' : 'teal'}
                style={{ flexShrink: 0, overflow: 'visible' }}
              >
                {SUBSCRIPTION_TEXT.preferred}
              </Badge>
            ) : null}
          </Group>
        ),
      }))}
    />
  );
}
