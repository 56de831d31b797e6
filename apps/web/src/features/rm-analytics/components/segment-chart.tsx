import '@mantine/charts/styles.css';
import { SEGMENTS, type Segment } from '@behavio/contract';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { SEGMENT_INFO } from '../utils/explanations';
import { percentOf } from '../utils/format';

/** Not in the spec (product owner): how many customers each behavioural segment holds. */
export function SegmentChart({ counts }: { counts: Record<Segment, number> }) {
  const total = SEGMENTS.reduce((sum, segment) => sum + counts[segment], 0);
  const data = SEGMENTS.map((segment) => ({
    segment: SEGMENT_INFO[segment].label,
    Customers: counts[segment],
  }));
  const summary = data
    .map((row) => `${row.segment} ${row.Customers} (${percentOf(row.Customers, total)})`)
    .join(', ');

  return (
    <Box role="img" aria-label={`Customers per segment: ${summary}`}>
      <BarChart
        h={220}
        data={data}
        dataKey="segment"
        orientation="vertical"
        yAxisProps={{ width: 110 }}
        series={[{ name: 'Customers', color: 'brand.6' }]}
        withBarValueLabel
        gridAxis="none"
        tickLine="none"
        maxBarWidth={28}
      />
    </Box>
  );
}
