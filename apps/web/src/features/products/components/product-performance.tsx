import type { ProductPerformanceResponse } from '@behavio/contract';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { lazy } from 'react';
import { ChartFrame } from '@/components/ui/charts/chart-frame';
import { LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { importWithRetry } from '@/lib/lazy-route';
import { PRODUCT_TEXT, reason, useProductPerformance } from '../api/products';

const PerformanceChart = lazy(() =>
  importWithRetry(() => import('./product-performance-chart')).then((m) => ({
    default: m.ProductPerformanceChart,
  })),
);

/** Room for every product's name and its four bars. */
const chartHeight = (products: number) => Math.max(200, 60 + products * 48);

const rate = (r: number | null) => (r === null ? '–' : `${(r * 100).toFixed(1)}%`);
const count = (n: number) => n.toLocaleString('en-GB');

type Counts = Pick<
  ProductPerformanceResponse['products'][number],
  'offered' | 'accepted' | 'declined' | 'acceptance_rate'
>;

function CountCells({ row }: { row: Counts }) {
  return (
    <>
      <Table.Td ta="right">{count(row.offered)}</Table.Td>
      <Table.Td ta="right">{count(row.accepted)}</Table.Td>
      <Table.Td ta="right">{count(row.declined)}</Table.Td>
      <Table.Td ta="right">{rate(row.acceptance_rate)}</Table.Td>
    </>
  );
}

const COUNT_HEADS = ['Offered', 'Accepted', 'Declined', 'Acceptance rate'];

/** Product performance (admin, head, compliance): per product and per person, table and chart. */
export function ProductPerformance() {
  const query = useProductPerformance(true);
  const report = query.data;
  const active = report?.products.filter((p) => p.active) ?? [];
  return (
    <SectionCard
      labelId="product-performance-title"
      title="Product performance"
      description="Customers each product is recommended to now, and what became of the offers (accepted of decided)."
    >
      {query.isPending ? (
        <LoadingState label="Loading product performance" />
      ) : !report ? (
        <LoadErrorAlert
          title={PRODUCT_TEXT.performanceError}
          message={reason(query.error)}
          query={query}
        />
      ) : (
        <Stack gap="lg">
          {!report.recommendations_up_to_date && (
            <Alert color="blue" variant="light">
              Recommendations are being updated after a recent change; the counts follow.
            </Alert>
          )}
          <ChartFrame height={chartHeight(active.length)}>
            <PerformanceChart products={active} height={chartHeight(active.length)} />
          </ChartFrame>
          <ScrollTable label="Product performance by product" minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Recommended now</Table.Th>
                {COUNT_HEADS.map((h) => (
                  <Table.Th key={h} ta="right">
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.products.map((p) => (
                <Table.Tr key={p.product_id}>
                  <Table.Td>
                    {p.name}
                    {!p.active && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (inactive)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{count(p.recommended_now)}</Table.Td>
                  <CountCells row={p} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <Text fw={600}>By person</Text>
          {report.rms.length === 0 ? (
            <Text size="sm" c="dimmed">
              No outcomes recorded yet. RMs record them on a customer's page.
            </Text>
          ) : (
            <ScrollTable label="Product performance by person" minWidth={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recorded by</Table.Th>
                  {COUNT_HEADS.map((h) => (
                    <Table.Th key={h} ta="right">
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rms.map((r) => (
                  <Table.Tr key={r.user_id}>
                    <Table.Td>{r.name}</Table.Td>
                    <CountCells row={r} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
