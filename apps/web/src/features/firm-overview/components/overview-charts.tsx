import '@mantine/charts/styles.css';
import type { FirmOverviewResponse } from '@behavio/contract';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { SEGMENT_LABELS, SEGMENT_ORDER, percent } from '../utils/display';

const RISK_SLICES = [
  { key: 'high', name: 'High Risk', color: 'red.6' },
  { key: 'medium', name: 'Medium Risk', color: 'orange.6' },
  { key: 'low', name: 'Low Risk', color: 'green.6' },
] as const;

/** Customers per RM as horizontal bars (names stay readable at 390px). */
export function CustomersPerRmChart({ perRm }: { perRm: FirmOverviewResponse['per_rm'] }) {
  const data = perRm.map((rm) => ({ rm: rm.full_name, Customers: rm.customer_count }));
  const summary = data.map((row) => `${row.rm} ${row.Customers}`).join(', ');
  return (
    <Box role="img" aria-label={`Customers per RM: ${summary}`}>
      <BarChart
        h={Math.max(140, data.length * 40 + 40)}
        data={data}
        dataKey="rm"
        orientation="vertical"
        yAxisProps={{ width: 120 }}
        series={[{ name: 'Customers', color: 'brand.6' }]}
        withBarValueLabel
        gridAxis="none"
        tickLine="none"
        maxBarWidth={26}
      />
    </Box>
  );
}

/** The firm's customers across the three risk levels. */
export function RiskDistributionChart({
  counts,
}: {
  counts: FirmOverviewResponse['risk_distribution'];
}) {
  const total = counts.high + counts.medium + counts.low;
  const data = RISK_SLICES.map((slice) => ({
    name: slice.name,
    value: counts[slice.key],
    color: slice.color,
  }));
  const summary = data
    .map((slice) => `${slice.name} ${slice.value} (${percent(slice.value, total)})`)
    .join(', ');
  return (
    <Stack gap="sm" align="center">
      <Box role="img" aria-label={`Risk distribution: ${summary}`}>
        <DonutChart
          data={data.filter((slice) => slice.value > 0)}
          size={168}
          thickness={26}
          paddingAngle={2}
          withTooltip
          tooltipDataSource="segment"
          chartLabel={`${total} customers`}
        />
      </Box>
      <Group gap="md" justify="center" aria-hidden>
        {data.map((slice) => (
          <Group key={slice.name} gap={6} wrap="nowrap">
            <Box w={10} h={10} bg={slice.color} style={{ borderRadius: 999 }} />
            <Text size="xs" c="dimmed">
              {slice.name} · {slice.value}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** How many customers each behavioural segment holds. */
export function SegmentDistributionChart({
  counts,
}: {
  counts: FirmOverviewResponse['segment_distribution'];
}) {
  const total = SEGMENT_ORDER.reduce((sum, segment) => sum + counts[segment], 0);
  const data = SEGMENT_ORDER.map((segment) => ({
    segment: SEGMENT_LABELS[segment],
    Customers: counts[segment],
  }));
  const summary = data
    .map((row) => `${row.segment} ${row.Customers} (${percent(row.Customers, total)})`)
    .join(', ');
  return (
    <Box role="img" aria-label={`Customers per segment: ${summary}`}>
      <BarChart
        h={220}
        data={data}
        dataKey="segment"
        orientation="vertical"
        yAxisProps={{ width: 110 }}
        series={[{ name: 'Customers', color: 'teal.6' }]}
        withBarValueLabel
        gridAxis="none"
        tickLine="none"
        maxBarWidth={26}
      />
    </Box>
  );
}
