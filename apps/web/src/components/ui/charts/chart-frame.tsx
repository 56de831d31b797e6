import { Center, Skeleton, Text } from '@mantine/core';
import { Component, Suspense, type ReactNode } from 'react';

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

/** Holds a lazily loaded chart: a skeleton while it loads, a note if it cannot. */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ChartBoundary height={height}>
      {/* Clips recharts' hidden tooltip, which otherwise sits past the edge and makes a phone
          page scroll sideways. */}
      <div style={{ overflow: 'hidden' }}>
        <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>
      </div>
    </ChartBoundary>
  );
}
