import type { CustomerColumnName, CustomerRecord } from '@behavio/contract';
import { num, signed } from './format.js';
import { marketShare } from './market-cap.js';

/**
 * Short factual phrases about one column of a customer, with the customer's own figures
 * ("leverage at 2.4x", "55% in single stocks"). They are the building blocks of the evidence
 * explanations, the recommended action and the `why` text. `first` capitalises the phrase for
 * the start of a sentence; phrases that start with a figure read the same either way.
 */

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** "today", "1 day ago", "12 days ago" (for a figure already rounded to one decimal). */
export const ago = (days: number): string =>
  days <= 0 ? 'today' : days === 1 ? '1 day ago' : `${num(days)} days ago`;

const cap = (first: boolean, upper: string, lower: string): string => (first ? upper : lower);

/**
 * "a" or "an" before a figure, by how it is read aloud: an 8, an 8.5, an 11, an 18, an 80, an
 * 800, an 11,000 (eleven thousand); but a 1, a 110 (one hundred and ten), a 1,100.
 */
export function indefiniteArticle(figure: string): 'a' | 'an' {
  const whole = figure.replace('-', '').split('.')[0]!;
  const readWithVowel = whole.startsWith('8') || (whole.length % 3 === 2 && /^1[18]/.test(whole));
  return readWithVowel ? 'an' : 'a';
}

/** "a 32% drawdown", "an 8.5% drawdown": the size of a fall (a positive figure). */
export const drawdownOf = (fall: number, first: boolean): string => {
  const article = indefiniteArticle(num(fall));
  return `${first ? article[0]!.toUpperCase() + article.slice(1) : article} ${num(fall)}% drawdown`;
};

/**
 * Phrases that depend on one figure only. `v` is the column's value rounded to one decimal
 * (booleans as 1 or 0), so every phrase is a pure function of what it shows.
 */
export type ValueFact = (v: number, first: boolean) => string;

export const VALUE_FACTS = {
  trade_turnover_30d_pct_peer: (v, f) =>
    `${cap(f, 'Turnover', 'turnover')} above ${num(v)}% of peers over 30 days`,
  risk_profile: (v, f) => `${cap(f, 'A', 'a')} stated risk profile of ${num(v)}/10`,
  single_stock_pct: (v) => `${num(v)}% in single stocks`,
  etf_pct: (v) => `${num(v)}% in ETFs`,
  cash_pct: (v) => `${num(v)}% in cash`,
  leverage_ratio: (v, f) => `${cap(f, 'Leverage', 'leverage')} at ${num(v)}x`,
  social_hype_score: (v, f) => `${cap(f, 'A', 'a')} social hype score of ${num(v)}/100`,
  days_since_hype_peak: (v, f) => `${cap(f, 'A', 'a')} hype peak ${ago(v)}`,
  news_clicks_7d: (v) => `${num(v)} news ${plural(v, 'click', 'clicks')} in 7 days`,
  positive_news_sentiment_7d: (v, f) =>
    `${cap(f, 'News', 'news')} sentiment of ${signed(v)} on a -1 to +1 scale`,
  anchor_price_gap_pct: (v, f) =>
    v < 0
      ? `${cap(f, 'A', 'a')} position ${num(-v)}% below its purchase price`
      : `${cap(f, 'A', 'a')} position ${num(v)}% above its purchase price`,
  limit_orders_at_purchase_px: (v, f) =>
    v > 0
      ? `${cap(f, 'Limit', 'limit')} orders set at the purchase price`
      : `${cap(f, 'No', 'no')} limit orders at the purchase price`,
  averaging_down_trades: (v) => `${num(v)} averaging-down ${plural(v, 'trade', 'trades')}`,
  days_since_last_average_down: (v, f) => `${cap(f, 'Averaged', 'averaged')} down ${ago(v)}`,
  stop_loss_sell_cnt: (v) => `${num(v)} stop-loss ${plural(v, 'sale', 'sales')}`,
  days_since_loss_sell: (v, f) => `${cap(f, 'A', 'a')} loss sale ${ago(v)}`,
  max_drawdown_pct: (v, f) => (v < 0 ? drawdownOf(-v, f) : `${cap(f, 'No', 'no')} drawdown`),
  loss_takes: (v) => `${num(v)} ${plural(v, 'loss', 'losses')} realised`,
  days_since_last_trade: (v, f) =>
    `${cap(f, 'No', 'no')} trade for ${num(v)} ${plural(v, 'day', 'days')}`,
  rebalances_ytd: (v, f) =>
    v === 0
      ? `${cap(f, 'No', 'no')} rebalancing this year`
      : `${num(v)} ${plural(v, 'rebalance', 'rebalances')} this year`,
  num_sub_accounts: (v) => `${num(v)} ${plural(v, 'sub-account', 'sub-accounts')}`,
  experience_years: (v) => `${num(v)} ${plural(v, 'year', 'years')} of experience`,
  age: (v, f) => `${cap(f, 'Age', 'age')} ${num(v)}`,
} as const satisfies Partial<Record<CustomerColumnName, ValueFact>>;

export type ValueFactColumn = keyof typeof VALUE_FACTS;

/** "A knowledge score of 35/100 against a risk profile of 8/10" (figures rounded to 0.1). */
export const quizFact = (quiz: number, riskProfile: number, first: boolean): string =>
  `${cap(first, 'A', 'a')} knowledge score of ${num(quiz)}/100 against a risk profile of ${num(riskProfile)}/10`;

/** "6 gains realised against 2 losses" (counts rounded to 0.1). */
export const gainsFact = (gains: number, losses: number): string =>
  `${num(gains)} ${plural(gains, 'gain', 'gains')} realised against ${num(losses)} ${plural(losses, 'loss', 'losses')}`;

/** "only 12% in shares and ETFs" (the equity share, rounded to 0.1). */
export const equityFact = (equity: number, first: boolean): string =>
  `${cap(first, 'Only', 'only')} ${num(equity)}% in shares and ETFs`;

/** "60% invested in GBR (2.9% of world markets)" (weight rounded to 0.1). */
export const homeFact = (countryIso: string, weight: number): string =>
  `${num(weight)}% invested in ${countryIso} (${num(marketShare(countryIso) * 100)}% of world markets)`;

/**
 * A figure as the texts show it: rounded to one decimal, halves away from zero (-0.04 gives -0,
 * so the phrase still knows the side of zero it came from).
 */
export function tenth(x: number): number {
  const t = Math.round(Math.abs(x) * 10) / 10;
  return x < 0 ? -t : t;
}

/** The phrase of a one-figure column, from the row's figure as shown (booleans as 1 or 0). */
export const valueFact =
  (column: ValueFactColumn) =>
  (r: CustomerRecord, first: boolean): string => {
    const v = r[column];
    return VALUE_FACTS[column](tenth(typeof v === 'number' ? v : v ? 1 : 0), first);
  };
