import {
  RiskDistributionDonut,
  type RiskDistributionCounts,
} from '@/components/ui/charts/risk-distribution-donut';
import { percentOf } from '@/lib/display-rules';

/** Not in the spec (product owner): the book's split across the three risk levels. */
export function RiskDistributionChart({ counts }: { counts: RiskDistributionCounts }) {
  return (
    <RiskDistributionDonut counts={counts} totalLabel="ranked" formatShare={percentOf} gap="xs" />
  );
}
