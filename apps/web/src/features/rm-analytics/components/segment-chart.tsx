import type { Segment } from '@behavio/contract';
import { SegmentDistributionChart } from '@/components/ui/charts/segment-distribution-chart';

/** Not in the spec (product owner): how many customers each behavioural segment holds. */
export function SegmentChart({ counts }: { counts: Record<Segment, number> }) {
  return <SegmentDistributionChart counts={counts} maxBarWidth={28} />;
}
