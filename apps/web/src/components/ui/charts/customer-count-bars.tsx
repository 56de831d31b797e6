import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, type MantineColor } from '@mantine/core';

export interface CustomerCountBarsProps {
  /** The chart's accessible name, which also carries its figures for screen readers. */
  label: string;
  /** One row a bar: the category under `dataKey` and the count under `Customers`. */
  data: Record<string, string | number>[];
  dataKey: string;
  height: number;
  /** Room for the category names at the left. */
  labelWidth: number;
  color: MantineColor;
  maxBarWidth: number;
}

/** Customer counts as horizontal bars with their values, so long names stay readable at 390px. */
export function CustomerCountBars({
  label,
  data,
  dataKey,
  height,
  labelWidth,
  color,
  maxBarWidth,
}: CustomerCountBarsProps) {
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        h={height}
        data={data}
        dataKey={dataKey}
        orientation="vertical"
        yAxisProps={{ width: labelWidth }}
        series={[{ name: 'Customers', color }]}
        withBarValueLabel
        gridAxis="none"
        tickLine="none"
        maxBarWidth={maxBarWidth}
      />
    </Box>
  );
}
