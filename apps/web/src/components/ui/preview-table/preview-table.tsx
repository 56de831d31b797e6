import type { CellValue } from '@behavio/contract';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCell } from '@/lib/display-rules';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface PreviewTableColumn {
  key: string;
  label: string;
  /** A column shown for information only (e.g. one the import keeps but does not use). */
  dimmed?: boolean;
  /** The header's tooltip. */
  title?: string;
}

export interface PreviewTableProps {
  columns: readonly PreviewTableColumn[];
  rows: readonly Record<string, CellValue>[];
  minWidth: number;
  /** The accessible name of the table and of its scrolling region. */
  label: string;
  /** A cell other than its formatted value (formatCell by default). */
  renderCell?: (column: PreviewTableColumn, value: CellValue | undefined) => ReactNode;
}

/** The first rows of an uploaded file: compact striped rows that scroll sideways, never wrap. */
export function PreviewTable({
  columns,
  rows,
  minWidth,
  label,
  renderCell = (_column, value) => formatCell(value),
}: PreviewTableProps) {
  // Focusable and named: a keyboard user scrolls it sideways with the arrow keys (WCAG 2.1.1).
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                style={NO_WRAP}
                c={column.dimmed ? 'dimmed' : undefined}
                title={column.title}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column.key} style={NO_WRAP}>
                  {renderCell(column, row[column.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
