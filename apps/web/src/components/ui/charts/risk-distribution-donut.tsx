import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Box, Group, Stack, Text, type MantineSpacing } from '@mantine/core';

export interface RiskDistributionCounts {
  high: number;
  medium: number;
  low: number;
}

const SLICES = [
  { key: 'high', name: 'High Risk', color: 'red.6' },
  { key: 'medium', name: 'Medium Risk', color: 'orange.6' },
  { key: 'low', name: 'Low Risk', color: 'green.6' },
] as const;

export interface RiskDistributionDonutProps {
  counts: RiskDistributionCounts;
  /** The words after the total in the ring's centre ("60 customers"). */
  totalLabel: string;
  /** A level's share of the total as the accessible summary writes it ("20%"). */
  formatShare: (part: number, whole: number) => string;
  /** The legend shows each level's count after its name. */
  legendCounts?: boolean;
  gap?: MantineSpacing;
}

/** Customers across the three risk levels, as a ring with a legend. */
export function RiskDistributionDonut({
  counts,
  totalLabel,
  formatShare,
  legendCounts = false,
  gap = 'sm',
}: RiskDistributionDonutProps) {
  const total = counts.high + counts.medium + counts.low;
  const data = SLICES.map((slice) => ({
    name: slice.name,
    value: counts[slice.key],
    color: slice.color,
  }));
  const summary = data
    .map((slice) => `${slice.name} ${slice.value} (${formatShare(slice.value, total)})`)
    .join(', ');

  return (
    <Stack gap={gap} align="center">
      <Box role="img" aria-label={`Risk distribution: ${summary}`}>
        {/* The summary above is the chart's text alternative; its slices would be read as
            unnamed images (recharts draws them with role="img"). Hidden, the chart must hold
            nothing focusable either: recharts' keyboard layer and the pie's tab stop are off. */}
        <DonutChart
          aria-hidden
          pieChartProps={{ accessibilityLayer: false }}
          pieProps={{ rootTabIndex: -1 }}
          data={data.filter((slice) => slice.value > 0)}
          size={168}
          thickness={26}
          paddingAngle={2}
          withTooltip
          tooltipDataSource="segment"
          chartLabel={`${total} ${totalLabel}`}
        />
      </Box>
      <Group gap="md" justify="center" aria-hidden>
        {data.map((slice) => (
          <Group key={slice.name} gap={6} wrap="nowrap">
            <Box w={10} h={10} bg={slice.color} style={{ borderRadius: 999 }} />
            <Text size="xs" c="dimmed">
              {legendCounts ? `${slice.name} · ${slice.value}` : slice.name}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
