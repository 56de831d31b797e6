import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { percentOf } from '../utils/format';

export interface RiskDistribution {
  high: number;
  medium: number;
  low: number;
}

const SLICES = [
  { key: 'high', name: 'High Risk', color: 'red.6' },
  { key: 'medium', name: 'Medium Risk', color: 'orange.6' },
  { key: 'low', name: 'Low Risk', color: 'green.6' },
] as const;

/** Not in the spec (product owner): the book's split across the three risk levels. */
export function RiskDistributionChart({ counts }: { counts: RiskDistribution }) {
  const total = counts.high + counts.medium + counts.low;
  const data = SLICES.map((slice) => ({
    name: slice.name,
    value: counts[slice.key],
    color: slice.color,
  }));
  const summary = data
    .map((slice) => `${slice.name} ${slice.value} (${percentOf(slice.value, total)})`)
    .join(', ');

  return (
    <Stack gap="xs" align="center">
      <Box role="img" aria-label={`Risk distribution: ${summary}`}>
        <DonutChart
          data={data.filter((slice) => slice.value > 0)}
          size={168}
          thickness={26}
          paddingAngle={2}
          withTooltip
          tooltipDataSource="segment"
          chartLabel={`${total} ranked`}
        />
      </Box>
      <Group gap="md" justify="center" aria-hidden>
        {data.map((slice) => (
          <Group key={slice.name} gap={6} wrap="nowrap">
            <Box
              w={10}
              h={10}
              bg={slice.color}
              style={{ borderRadius: 'var(--mantine-radius-xl)' }}
            />
            <Text size="xs" c="dimmed">
              {slice.name}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
