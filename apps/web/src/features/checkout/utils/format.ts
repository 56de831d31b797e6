import { formatTimestamp } from '@/lib/display-rules';

/** When a checkout session expires, to the minute: "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return formatTimestamp(iso, 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
