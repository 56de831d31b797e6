import { SEGMENTS, type Segment } from '@behavio/contract';
import type { MantineColor } from '@mantine/core';
import { SEGMENT_LABELS } from '@/lib/display-rules';
import { CustomerCountBars } from './customer-count-bars';

export interface SegmentDistributionChartProps {
  counts: Record<Segment, number>;
  /** A segment's share of all customers as the accessible summary writes it ("33%"). */
  formatShare: (part: number, whole: number) => string;
  color: MantineColor;
  maxBarWidth: number;
}

/** How many customers each behavioural segment holds, in the spec's segment order. */
export function SegmentDistributionChart({
  counts,
  formatShare,
  color,
  maxBarWidth,
}: SegmentDistributionChartProps) {
  const total = SEGMENTS.reduce((sum, segment) => sum + counts[segment], 0);
  const data = SEGMENTS.map((segment) => ({
    segment: SEGMENT_LABELS[segment],
    Customers: counts[segment],
  }));
  const summary = data
    .map((row) => `${row.segment} ${row.Customers} (${formatShare(row.Customers, total)})`)
    .join(', ');
  return (
    <CustomerCountBars
      label={`Customers per segment: ${summary}`}
      data={data}
      dataKey="segment"
      height={220}
      labelWidth={110}
      color={color}
      maxBarWidth={maxBarWidth}
    />
  );
}
