import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The RM lists answer a whole book (5,000 customers, up to 3 MB of JSON) on every call, and
 * turning each row's values into JSON text was most of PostgreSQL's work. These generated
 * columns hold that text, written once when a customer or an insight is stored: a list then
 * only joins the stored pieces (analytics/book-items.ts).
 *
 * Each piece is a run of JSON object members without the braces, so a list item is assembled
 * from pieces by plain concatenation. Text values go through `json_object`, the one immutable
 * JSON builder (a generated column may only call immutable functions), which escapes them; its
 * output puts spaces around the colon and after the comma, which JSON allows. Numbers are
 * float8/int4 output: shortest round-trip text, as `json_agg` wrote them before.
 *
 * - `customers.list_item`: the own-book item without `created_at` (formatting a timestamp is
 *   not immutable; the list appends it).
 * - `customer_insights.list_card`: urgency, priority, recommended action, why, risk level and
 *   segment, which every insight list shows.
 * - `customer_insights.list_details`: top biases and the four-measure breakdown.
 */
const members = (object: RawBuilder<unknown>) => sql`btrim(${object}::text, '{}')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customers add column list_item text generated always as (
      ${members(sql`json_object(array['customer_id', customer_id, 'country_iso', country_iso::text, 'rm_id', rm_id::text])`)}
      || ', "age":' || age::text || ', "risk_profile":' || risk_profile::text
      || ', "experience_years":' || experience_years::text || ', "cash_pct":' || cash_pct::text
      || ', "etf_pct":' || etf_pct::text || ', "single_stock_pct":' || single_stock_pct::text
      || ', "leverage_ratio":' || leverage_ratio::text
    ) stored`.execute(db);
  await sql`
    alter table customer_insights
      add column list_card text generated always as (
        ${members(
          sql`json_object(array['urgency_level', urgency_level, 'recommended_action', recommended_action,
            'why', why, 'risk_level', risk_level, 'segment', segment])`,
        )}
        || ', "priority_score":' || priority_score::text
      ) stored,
      add column list_details text generated always as (
        '"top_biases":' || top_biases::text
        || ', "breakdown":{"bias_severity":' || bias_severity::text
        || ', "risk_urgency":' || risk_urgency::text
        || ', "time_sensitivity":' || time_sensitivity::text
        || ', "customer_value":' || customer_value::text || '}'
      ) stored`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_insights drop column list_card, drop column list_details`.execute(
    db,
  );
  await sql`alter table customers drop column list_item`.execute(db);
}
