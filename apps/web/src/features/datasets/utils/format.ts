import { formatTimestamp } from '@/lib/display-rules';

/** When a file was uploaded, in the reader's own locale. */
export function formatDateTime(iso: string): string {
  return formatTimestamp(iso, undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
