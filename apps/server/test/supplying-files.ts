import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

/**
 * Which files supplied each of a firm's customers, read from the files' chunks of customer ids
 * (migration 0026): customer id → the files' ids, sorted. A customer no file supplied is absent.
 */
export async function filesSupplying(
  db: Kysely<Database>,
  firmId: string,
): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ customer_id: string; files: string[] }>`
    select customer_id, array_agg(distinct file_id::text order by file_id::text) as files
    from (
      select file_id, unnest(customer_ids) as customer_id from file_customer_ids
      where firm_id = ${firmId}
    ) supplied
    group by customer_id`.execute(db);
  return new Map(rows.map((r) => [r.customer_id, r.files]));
}
