import { formatTimestamp } from '@/lib/display-rules';

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

/** When a file was uploaded, in the reader's own locale. */
export function formatDateTime(iso: string): string {
  return formatTimestamp(iso, undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
