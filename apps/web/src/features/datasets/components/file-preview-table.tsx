import { FILE_TAB_PREVIEW_ROWS, type FilePreview } from '@behavio/contract';
import { Text } from '@mantine/core';
import { PreviewTable } from '@/components/ui/preview-table/preview-table';
import { DATASETS_TEXT } from '../api/files';

/**
 * 'Preview (first 5 rows)' of a stored file: every column the server reports in columns_info,
 * in a table that scrolls sideways inside its card.
 */
export function FilePreviewTable({ preview }: { preview: FilePreview }) {
  const columns = preview.columns_info.map((column) =>
    column.kind === 'extra'
      ? {
          key: column.name,
          label: column.name,
          dimmed: true,
          title: 'An extra column: kept, not used',
        }
      : { key: column.name, label: column.name },
  );
  const rows = preview.preview_rows.slice(0, FILE_TAB_PREVIEW_ROWS);
  if (columns.length === 0 || rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {DATASETS_TEXT.noPreview}
      </Text>
    );
  }
  return (
    <PreviewTable
      columns={columns}
      rows={rows}
      minWidth={Math.max(600, columns.length * 140)}
      label="Preview of the file's first rows"
    />
  );
}
