import { FILE_TAB_PREVIEW_ROWS, type FilePreview } from '@behavio/contract';
import { Table, Text } from '@mantine/core';
import { DATASETS_TEXT } from '../api/files';
import { formatCell } from '../utils/format';

/**
 * 'Preview (first 5 rows)' of a stored file: every column the server reports in columns_info,
 * in a table that scrolls sideways inside its card.
 */
export function FilePreviewTable({ preview }: { preview: FilePreview }) {
  const columns = preview.columns_info;
  const rows = preview.preview_rows.slice(0, FILE_TAB_PREVIEW_ROWS);
  if (columns.length === 0 || rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {DATASETS_TEXT.noPreview}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={Math.max(600, columns.length * 140)} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.name}
                style={{ whiteSpace: 'nowrap' }}
                c={column.kind === 'extra' ? 'dimmed' : undefined}
                title={column.kind === 'extra' ? 'An extra column: kept, not used' : undefined}
              >
                {column.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column.name} style={{ whiteSpace: 'nowrap' }}>
                  {formatCell(row[column.name])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
