import { sql, type Kysely } from 'kysely';

/**
 * `top_biases` is only ever written whole and read whole into the RM lists' JSON, never queried
 * inside: plain `json` keeps the text as written (the contract's key order) and is cheaper both
 * to load (no binary conversion per imported row) and to write into a response (measured: 7 ms
 * against 3 ms for a 5,000-customer book). `bias_scores` stays `jsonb`: the credits' feature
 * queries expand it with jsonb_each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_insights', 'customer_import_rows']) {
    await sql`alter table ${sql.table(table)} alter column top_biases type json using top_biases::text::json`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_insights', 'customer_import_rows']) {
    await sql`alter table ${sql.table(table)} alter column top_biases type jsonb using top_biases::jsonb`.execute(
      db,
    );
  }
}
