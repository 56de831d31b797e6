import { lazy, type ComponentProps } from 'react';
import { ChartFrame } from '@/components/ui/charts/chart-frame';
import { importWithRetry } from '@/lib/lazy-route';

/** The charts (recharts) load on their own, so the lists never wait for them. */
const RiskDistributionChartModule = lazy(() =>
  importWithRetry(() => import('./risk-distribution-chart')).then((module) => ({
    default: module.RiskDistributionChart,
  })),
);
const SegmentChartModule = lazy(() =>
  importWithRetry(() => import('./segment-chart')).then((module) => ({
    default: module.SegmentChart,
  })),
);

export function RiskDistributionChart(props: ComponentProps<typeof RiskDistributionChartModule>) {
  return (
    <ChartFrame height={200}>
      <RiskDistributionChartModule {...props} />
    </ChartFrame>
  );
}

export function SegmentChart(props: ComponentProps<typeof SegmentChartModule>) {
  return (
    <ChartFrame height={220}>
      <SegmentChartModule {...props} />
    </ChartFrame>
  );
}
