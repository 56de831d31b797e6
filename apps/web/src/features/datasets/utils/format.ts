import type { CellValue, JobStatus } from '@behavio/contract';

/** Same rules as the upload preview (spec §2): null '-', booleans Yes/No, locale numbers. */
export function formatCell(value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString();
  return value;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** The file tab's size (spec §2): B, KB, MB or GB. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 2;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

/**
 * Job status badge (spec §4): completed green, failed red, processing yellow, other blue, in
 * shades that keep the badge text legible.
 */
export function jobStatusColor(status: JobStatus | string): string {
  switch (status) {
    case 'completed':
      return 'green.9';
    case 'failed':
      return 'red.9';
    case 'processing':
      return 'yellow.5';
    default:
      return 'blue.8';
  }
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
