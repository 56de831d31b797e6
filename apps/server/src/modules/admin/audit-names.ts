/**
 * Audit events keep the RM ids their change touched (`rm_id`, and `per_rm: [{ rm_id, … }]`); an
 * RM's name is written beside it only where the writer had it at hand. The log reads names, so
 * the events are answered with `rm_name` beside every `rm_id` whose RM still exists; the stored
 * events stay as written (append-only).
 */

type Names = ReadonlyMap<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `rm_id`s of a record and of the records in its lists (one level down). */
export function rmIdsOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (!isRecord(value)) return into;
  if (typeof value.rm_id === 'string') into.add(value.rm_id);
  for (const item of Object.values(value))
    if (Array.isArray(item)) for (const entry of item) rmIdsOf(entry, into);
  return into;
}

/** The record with `rm_name` beside each `rm_id` it lacks one for (when the RM is known). */
export function withRmNames(value: unknown, names: Names): unknown {
  if (!isRecord(value)) return value;
  const named: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    named[key] = Array.isArray(item) ? item.map((entry) => withRmNames(entry, names)) : item;
  const name = typeof value.rm_id === 'string' ? names.get(value.rm_id) : undefined;
  if (name !== undefined && value.rm_name === undefined) named.rm_name = name;
  return named;
}
