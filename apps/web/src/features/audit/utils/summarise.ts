import { formatFileSize } from '@/lib/display-rules';

/**
 * Plain-words summaries of audit events: the action ("customer.assigned" → "Customer assigned")
 * and the change, "before → after", from the events' free-form before/after records.
 */

const MAX_TEXT = 40;
const MAX_FIELDS = 4;

/** Actions whose words, read as they are, say it badly ("call.called" would read "Call called"). */
const ACTION_LABELS: Record<string, string> = {
  'call.called': 'Customer called',
  'customer.distributed': 'Customers distributed',
};

/** "customer.bulk_assigned" → "Customer bulk assigned"; "call.snoozed" → "Call snoozed". */
export function actionLabel(action: string): string {
  const label = ACTION_LABELS[action];
  if (label) return label;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ID = 16;

/**
 * An id as a table shows it (the full id goes in a title): a UUID by its first 8 characters,
 * another long id (a payment provider's checkout session) by its first 15.
 */
export function shortId(id: string): string {
  if (UUID.test(id)) return `${id.slice(0, 8)}…`;
  return id.length > MAX_ID ? `${id.slice(0, MAX_ID - 1)}…` : id;
}

/**
 * "rm_name" and "rm_id" both read "rm"; other keys read as words, whether written with
 * underscores or in camel case ("file_size" and "paymentUrl" read "file size", "payment url").
 */
function fieldName(key: string): string {
  if (key === 'per_rm') return 'per RM';
  return key
    .replace(/_(id|name)$/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** A size in bytes ("file_size", "size"), written as the Datasets screen writes it. */
const SIZE_KEY = /(^|_)size$/i;

interface RmShare {
  rm_id: string;
  rm_name?: string;
  assigned: number;
}

const isRmShare = (item: unknown): item is RmShare =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as RmShare).rm_id === 'string' &&
  typeof (item as RmShare).assigned === 'number';

/**
 * A split between RMs ("per_rm" of a distribution) as who got how many: "Jane Doe 3, Omar Ali 2"
 * (an RM deleted since, whom the server cannot name, by id). Null for any other list.
 */
function describeShares(list: unknown[]): string | null {
  if (list.length === 0 || !list.every(isRmShare)) return null;
  return list
    .map(
      (share) =>
        `${share.rm_name ?? shortId(share.rm_id)} ${share.assigned.toLocaleString('en-US')}`,
    )
    .join(', ');
}

/**
 * One value: text and numbers as they are (sizes in B, KB, MB or GB), null as 'none', lists
 * by size, records as '…'.
 */
function describeValue(value: unknown, key = ''): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') {
    if (value === '') return '""';
    return UUID.test(value) ? shortId(value) : shorten(value);
  }
  if (typeof value === 'number' && SIZE_KEY.test(key)) return formatFileSize(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return describeShares(value) ?? `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  return '…';
}

/**
 * One side of a change as "key: value" pairs. An id with a name beside it (rm_id and rm_name)
 * shows only the name, both read as "rm"; UUIDs and long text are cut; at most four fields.
 */
export function describeRecord(record: unknown): string {
  if (record === null || record === undefined) return '—';
  if (typeof record !== 'object' || Array.isArray(record)) return describeValue(record);
  const entries = Object.entries(record as Record<string, unknown>);
  if (entries.length === 0) return '—';
  const keys = new Set(entries.map(([key]) => key));
  const shown = entries.filter(([key]) => {
    if (key.endsWith('_id')) return !keys.has(`${key.slice(0, -3)}_name`);
    return true;
  });
  const parts = shown
    .slice(0, MAX_FIELDS)
    .map(([key, value]) => `${fieldName(key)}: ${describeValue(value, key)}`);
  if (shown.length > MAX_FIELDS) parts.push(`+${shown.length - MAX_FIELDS} more`);
  return parts.join(', ');
}

/** "rm: none → rm: Jane Doe"; a side without a record shows "—". */
export function summariseChange(before: unknown, after: unknown): string {
  const left = describeRecord(before);
  const right = describeRecord(after);
  if (left === '—') return right === '—' ? '—' : `→ ${right}`;
  return `${left} → ${right}`;
}
