import { SEGMENTS, type Segment } from '@behavio/contract';
import { SEGMENT_COLORS, SEGMENT_LABELS, percentOf } from '@/lib/display-rules';
import { CustomerCountBars } from './customer-count-bars';

/**
 * How many customers each behavioural segment holds, in the spec's segment order, each bar in
 * its segment's colour; shares have one decimal (product-rules: Constants).
 */
export function SegmentDistributionChart({
  counts,
  maxBarWidth,
}: {
  counts: Record<Segment, number>;
  maxBarWidth: number;
}) {
  const total = SEGMENTS.reduce((sum, segment) => sum + counts[segment], 0);
  const data = SEGMENTS.map((segment) => ({
    segment: SEGMENT_LABELS[segment],
    Customers: counts[segment],
    color: `${SEGMENT_COLORS[segment]}.6`,
  }));
  const summary = data
    .map((row) => `${row.segment} ${row.Customers} (${percentOf(row.Customers, total)})`)
    .join(', ');
  return (
    <CustomerCountBars
      label={`Customers per segment: ${summary}`}
      data={data}
      dataKey="segment"
      height={220}
      labelWidth={110}
      color="gray.6"
      maxBarWidth={maxBarWidth}
    />
  );
}
