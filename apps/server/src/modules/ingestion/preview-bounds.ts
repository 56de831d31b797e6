import {
  PREVIEW_EXTRA_COLUMNS,
  PREVIEW_TEXT_MAX_CHARS,
  type CellValue,
  type ColumnInfo,
} from '@behavio/contract';

/**
 * A stored preview keeps the known columns and the first few others, each text cut short
 * (contract: PREVIEW_EXTRA_COLUMNS, PREVIEW_TEXT_MAX_CHARS): a file of 1,000 columns of
 * 10,000 characters would otherwise put 100 MB in every answer of the file list. (Problem values
 * are cut where they are found, parse/rows.ts.)
 */
function cutText(text: string): string {
  return text.length > PREVIEW_TEXT_MAX_CHARS ? `${text.slice(0, PREVIEW_TEXT_MAX_CHARS)}…` : text;
}

export function boundPreview(columns: ColumnInfo[], rows: Record<string, CellValue>[]) {
  let extras = 0;
  const kept = columns.filter((c) => c.kind !== 'extra' || extras++ < PREVIEW_EXTRA_COLUMNS);
  return {
    columns: kept.map((c) => ({ ...c, name: cutText(c.name) })),
    rows: rows.map((row) =>
      Object.fromEntries(
        kept.map((c) => {
          const value = row[c.name] ?? null;
          return [cutText(c.name), typeof value === 'string' ? cutText(value) : value];
        }),
      ),
    ),
  };
}
