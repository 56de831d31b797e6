/** Snooze choices of the Who To Call list, in days from today. */
export const SNOOZE_DAYS = [1, 3, 7, 14, 30] as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const localIsoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(
    date.getDate(),
  ).padStart(2, '0')}`;

/**
 * The `snooze_until` date (YYYY-MM-DD) `days` after today. "Today" is the later of the local
 * date and the UTC date, because the server checks "a future date" against the UTC date: an RM
 * west of UTC late in the evening would otherwise send today's UTC date for "tomorrow".
 */
export function snoozeUntil(days: number, now: Date = new Date()): string {
  const local = localIsoDay(now);
  const utc = isoDay(now);
  const base = local > utc ? local : utc;
  const date = new Date(`${base}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mon, Jan 5, 2026" for a YYYY-MM-DD date. */
export function formatIsoDay(day: string): string {
  return LONG_DATE.format(new Date(`${day}T00:00:00Z`));
}

export function snoozeLabel(days: number): string {
  if (days === 1) return 'Tomorrow';
  if (days === 7) return '1 week';
  if (days === 14) return '2 weeks';
  return `${days} days`;
}
