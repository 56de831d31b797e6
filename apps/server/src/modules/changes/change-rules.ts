import {
  PRIORITY_JUMP_MIN_POINTS,
  RISK_LEVELS,
  URGENCY_LEVELS,
  type ChangeKind,
  type CustomerColumnName,
} from '@behavio/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * The change rules (contract: CHANGE_KINDS; docs/changes-and-alerts.md) as SQL, so an import
 * compares a million customers inside the database. `b` and `a` name the before and after
 * insight rows (customer_insights and an import's load table, or any rows with the same
 * columns). product_change is not here: the recommendations run records it.
 */

/** Lowest first, so a rise is a larger array position. */
export const URGENCY_ORDER = [...URGENCY_LEVELS].reverse();
export const RISK_ORDER = [...RISK_LEVELS].reverse();

const levels = (order: readonly string[]) => sql`array[${sql.join(order.map((l) => sql.lit(l)))}]`;
const rankOf = (order: readonly string[], value: RawBuilder<unknown>) =>
  sql`array_position(${levels(order)}, ${value})`;

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const leadBias = (alias: string) => sql`(${col(alias, 'top_biases')} -> 0 ->> 'bias_name')`;

/** Each import-time rule as a condition on the before (b) and after (a) rows. */
export function ruleConditions(
  b: string,
  a: string,
): Record<Exclude<ChangeKind, 'product_change'>, RawBuilder<boolean>> {
  return {
    urgency_up: sql<boolean>`${rankOf(URGENCY_ORDER, col(a, 'urgency_level'))} > ${rankOf(URGENCY_ORDER, col(b, 'urgency_level'))}`,
    risk_level_up: sql<boolean>`${rankOf(RISK_ORDER, col(a, 'risk_level'))} > ${rankOf(RISK_ORDER, col(b, 'risk_level'))}`,
    // Rounded: 6.1 - 4.1 is 1.9999999999999996 in floating point, and that is a 2-point rise.
    priority_jump: sql<boolean>`round((${col(a, 'priority_score')} - ${col(b, 'priority_score')})::numeric, 6) >= ${PRIORITY_JUMP_MIN_POINTS}`,
    new_top_bias: sql<boolean>`${leadBias(a)} is distinct from ${leadBias(b)}`,
    segment_change: sql<boolean>`${col(a, 'segment')} <> ${col(b, 'segment')}`,
  };
}

/** The kinds of change from b to a, as a text[] in CHANGE_KINDS order. */
export function changeKindsSql(b: string, a: string): RawBuilder<string[]> {
  const cases = Object.entries(ruleConditions(b, a)).map(
    ([kind, condition]) => sql`case when ${condition} then ${sql.lit(kind)} end`,
  );
  return sql<string[]>`array_remove(array[${sql.join(cases)}]::text[], null)`;
}

/**
 * How an input column is named in an alert's message, and the size of a move that counts as
 * large for it. Inputs are ranked by |after - before| / max(|before|, |after|, scale): the
 * relative move, with the scale stopping a tiny value (0 to 1 days) from looking like a leap.
 */
export const INPUT_WORDS: Partial<Record<CustomerColumnName, { words: string; scale: number }>> = {
  age: { words: 'age', scale: 10 },
  risk_profile: { words: 'risk profile', scale: 2 },
  knowledge_quiz_score: { words: 'knowledge quiz score', scale: 10 },
  experience_years: { words: 'years of experience', scale: 5 },
  cash_pct: { words: 'cash %', scale: 10 },
  etf_pct: { words: 'ETF %', scale: 10 },
  single_stock_pct: { words: 'single-stock %', scale: 10 },
  days_since_last_trade: { words: 'days since the last trade', scale: 30 },
  stop_loss_sell_cnt: { words: 'stop-loss sells', scale: 5 },
  days_since_loss_sell: { words: 'days since a loss sale', scale: 30 },
  leverage_ratio: { words: 'leverage', scale: 1 },
  home_country_weight_pct: { words: 'home-country weight %', scale: 10 },
  trade_turnover_30d_pct_peer: { words: 'trading against peers (percentile)', scale: 10 },
  anchor_price_gap_pct: { words: 'gap to the purchase price %', scale: 10 },
  social_hype_score: { words: 'social hype score', scale: 10 },
  days_since_hype_peak: { words: 'days since the hype peak', scale: 30 },
  positive_news_sentiment_7d: { words: 'news sentiment', scale: 0.5 },
  news_clicks_7d: { words: 'news clicks in 7 days', scale: 10 },
  gain_takes: { words: 'gain takes', scale: 5 },
  loss_takes: { words: 'loss takes', scale: 5 },
  rebalances_ytd: { words: 'rebalances this year', scale: 3 },
  num_sub_accounts: { words: 'sub-accounts', scale: 2 },
  averaging_down_trades: { words: 'averaging-down trades', scale: 3 },
  days_since_last_average_down: { words: 'days since averaging down', scale: 30 },
  max_drawdown_pct: { words: 'maximum drawdown %', scale: 10 },
  aum: { words: 'assets under management', scale: 1 },
  revenue_12m: { words: 'revenue over 12 months', scale: 1 },
};

/** The inputs named in one alert message at most. */
export const MOVERS_NAMED = 2;

/** A number as a message shows it: at most `places` decimals, no trailing zeros. */
export const figure = (value: RawBuilder<unknown>, places = 2) =>
  sql<string>`trim_scale(round((${value})::numeric, ${sql.lit(places)}))::text`;

/**
 * "leverage rose from 1.1 to 2.4, cash % fell from 30 to 5": the inputs that moved most from
 * the customer row `b` to `a`, or null when none moved.
 */
export function moversSql(b: string, a: string): RawBuilder<string | null> {
  const rows = Object.entries(INPUT_WORDS).map(
    ([column, { words, scale }], order) =>
      sql`(${sql.lit(order)}, ${sql.lit(words)}, ${col(b, column)}::float8, ${col(a, column)}::float8, ${sql.lit(scale)}::float8)`,
  );
  return sql<string | null>`(
    select string_agg(m.words || case when m.after > m.before then ' rose' else ' fell' end
        || ' from ' || ${figure(sql`m.before`)} || ' to ' || ${figure(sql`m.after`)},
      ', ' order by m.move desc, m.ord)
    from (
      select v.ord, v.words, v.before, v.after,
        abs(v.after - v.before) / greatest(abs(v.before), abs(v.after), v.scale) as move
      from (values ${sql.join(rows)}) as v(ord, words, before, after, scale)
      where v.before is not null and v.after is not null and v.before <> v.after
      order by move desc, v.ord
      limit ${sql.lit(MOVERS_NAMED)}
    ) m
  )`;
}
