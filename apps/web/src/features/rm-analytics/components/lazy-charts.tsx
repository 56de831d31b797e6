import { Center, Skeleton, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
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

/** A chart that cannot load (or draw) leaves a note instead of taking the screen down. */
class ChartBoundary extends Component<
  { children: ReactNode; height: number },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Center h={this.props.height}>
          <Text size="sm" c="dimmed">
            The chart could not be loaded.
          </Text>
        </Center>
      );
    }
    return this.props.children;
  }
}

function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ChartBoundary height={height}>
      <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>
    </ChartBoundary>
  );
}

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
