import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { importWithRetry } from '@/lib/lazy-route';

const RmAnalyticsPanels = lazy(() =>
  importWithRetry(() => import('./rm-analytics-panels')).then((module) => ({
    default: module.RmAnalyticsPanels,
  })),
);

/**
 * The five RM analytics panels, code-split: only a pro or business RM downloads them. A load
 * that fails after the retries reaches the route's error screen (with its reload button).
 */
export function LazyRmAnalyticsPanels() {
  return (
    <Suspense
      fallback={
        <Center py={64} role="status" aria-label="Loading analytics">
          <Loader type="dots" />
        </Center>
      }
    >
      <RmAnalyticsPanels />
    </Suspense>
  );
}
