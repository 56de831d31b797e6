import type { FirmOverviewResponse } from '@behavio/contract';
import { CustomerCountBars } from '@/components/ui/charts/customer-count-bars';
import { RiskDistributionDonut } from '@/components/ui/charts/risk-distribution-donut';
import { SegmentDistributionChart as SegmentBars } from '@/components/ui/charts/segment-distribution-chart';
import { roundPercentOf } from '@/lib/display-rules';

/** Customers per RM as horizontal bars (names stay readable at 390px). */
export function CustomersPerRmChart({ perRm }: { perRm: FirmOverviewResponse['per_rm'] }) {
  const data = perRm.map((rm) => ({ rm: rm.full_name, Customers: rm.customer_count }));
  const summary = data.map((row) => `${row.rm} ${row.Customers}`).join(', ');
  return (
    <CustomerCountBars
      label={`Customers per RM: ${summary}`}
      data={data}
      dataKey="rm"
      height={Math.max(140, data.length * 40 + 40)}
      labelWidth={120}
      color="brand.6"
      maxBarWidth={26}
    />
  );
}

/** The firm's customers across the three risk levels. */
export function RiskDistributionChart({
  counts,
}: {
  counts: FirmOverviewResponse['risk_distribution'];
}) {
  return (
    <RiskDistributionDonut
      counts={counts}
      totalLabel="customers"
      formatShare={roundPercentOf}
      legendCounts
    />
  );
}

/** How many customers each behavioural segment holds. */
export function SegmentDistributionChart({
  counts,
}: {
  counts: FirmOverviewResponse['segment_distribution'];
}) {
  return <SegmentBars counts={counts} maxBarWidth={26} />;
}
