import { formatShortDate, formatTimestamp } from '@/lib/display-rules';

/** When an outcome was recorded: "Mar 14, 2025, 12:00 PM". */
export const formatRecordedAt = (iso: string) =>
  formatTimestamp(iso, 'en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A snooze date (YYYY-MM-DD) as the lists write dates. */
export const formatSnoozeDay = (day: string) => formatShortDate(`${day}T12:00:00Z`);
