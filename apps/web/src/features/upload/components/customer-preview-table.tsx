import type { CellValue } from '@behavio/contract';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { PreviewTable, type PreviewTableColumn } from '@/components/ui/preview-table/preview-table';
import { formatCell, uploadPreviewRiskColor } from '@/lib/display-rules';

/** The columns of the onboarding preview (product-rules: Screens); the Datasets upload tab omits Leverage. */
const COLUMNS: PreviewTableColumn[] = [
  { key: 'customer_id', label: 'Customer ID' },
  { key: 'country_iso', label: 'Country' },
  { key: 'age', label: 'Age' },
  { key: 'risk_profile', label: 'Risk Profile' },
  { key: 'experience_years', label: 'Experience' },
  { key: 'cash_pct', label: 'Cash %' },
  { key: 'etf_pct', label: 'ETF %' },
  { key: 'single_stock_pct', label: 'Stock %' },
  { key: 'leverage_ratio', label: 'Leverage' },
];

/** Filled badges with shades dark (or light) enough for legible text. */
const RISK_BADGE_COLOR = { red: 'red.9', yellow: 'yellow.5', green: 'green.9' } as const;

function RiskCell({ value }: { value: CellValue | undefined }) {
  if (typeof value !== 'number') return <>{formatCell(value)}</>;
  const color = uploadPreviewRiskColor(value);
  return (
    <Badge
      variant="filled"
      color={RISK_BADGE_COLOR[color]}
      autoContrast
      radius="sm"
      miw={36}
      data-risk-color={color}
    >
      {formatCell(value)}
    </Badge>
  );
}

export interface CustomerPreviewTableProps {
  rows: Record<string, CellValue>[];
  withLeverage: boolean;
}

/** 'Preview (first N customers)': the first rows of the upload, formatted per product-rules: Screens. */
export function CustomerPreviewTable({ rows, withLeverage }: CustomerPreviewTableProps) {
  const columns = withLeverage ? COLUMNS : COLUMNS.filter((c) => c.key !== 'leverage_ratio');
  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Preview (first {rows.length} customers)
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            No preview available :(
          </Text>
        ) : (
          <PreviewTable
            columns={columns}
            rows={rows}
            minWidth={withLeverage ? 760 : 680}
            label="Preview of the first customers"
            renderCell={(column, value) =>
              column.key === 'risk_profile' ? <RiskCell value={value} /> : formatCell(value)
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
