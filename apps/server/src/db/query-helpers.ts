import type { SelectQueryBuilder } from 'kysely';

/** How many rows `query` matches: one `count(*)`, answered as a number (Postgres sends a string). */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  // Kysely cannot work out the selected row's type through a generic table set: state it.
  const row = (await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()) as { n: string | number };
  return Number(row.n);
}
