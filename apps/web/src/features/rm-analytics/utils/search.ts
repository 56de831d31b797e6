/**
 * Client-side search of the RM screens (product-rules: Screens, §5): a case-insensitive substring match on
 * customer_id or country_iso, with no other validation. Priority Scores matches customer_id only.
 */

export const SEARCH_PLACEHOLDER = 'Search by Customer ID or Country...';
export const SEARCH_ID_PLACEHOLDER = 'Search by Customer ID...';

const normalise = (value: string) => value.trim().toLowerCase();

export function matchesIdOrCountry(
  item: { customer_id: string; country_iso: string },
  search: string,
): boolean {
  const term = normalise(search);
  if (!term) return true;
  return (
    item.customer_id.toLowerCase().includes(term) || item.country_iso.toLowerCase().includes(term)
  );
}

export function matchesId(item: { customer_id: string }, search: string): boolean {
  const term = normalise(search);
  return !term || item.customer_id.toLowerCase().includes(term);
}

export function filterByIdOrCountry<T extends { customer_id: string; country_iso: string }>(
  items: readonly T[],
  search: string,
): T[] {
  return normalise(search) ? items.filter((item) => matchesIdOrCountry(item, search)) : [...items];
}

export function filterById<T extends { customer_id: string }>(
  items: readonly T[],
  search: string,
): T[] {
  return normalise(search) ? items.filter((item) => matchesId(item, search)) : [...items];
}
