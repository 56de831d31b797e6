/**
 * The customers file of product-rules: Entities and fields: 28 required columns, plus optional columns the insights
 * model uses when present. The ranges are the ones the spec gives; where it gives none
 * (ages, counts, days, leverage) the bounds are ours and are written in docs/ingestion.md.
 */
export type ColumnKind = 'text' | 'country' | 'integer' | 'number' | 'boolean';

export interface ColumnSpec {
  name: string;
  group: string;
  kind: ColumnKind;
  min?: number;
  max?: number;
  /** The guide text the upload screen shows next to the column. */
  guide: string;
}

const MAX_DAYS = 36_500;
const MAX_COUNT = 1_000_000;

const pct = <N extends string>(name: N, group: string) => ({
  name,
  group,
  kind: 'number' as const,
  min: 0,
  max: 100,
  guide: '0-100',
});
const count = <N extends string>(name: N, group: string, guide = 'whole number, 0 or more') => ({
  name,
  group,
  kind: 'integer' as const,
  min: 0,
  max: MAX_COUNT,
  guide,
});
const days = <N extends string>(name: N, group: string) => ({
  name,
  group,
  kind: 'integer' as const,
  min: 0,
  max: MAX_DAYS,
  guide: 'days, 0 or more',
});

const ID = 'Identification and demographics';
const RISK = 'Risk and knowledge';
const ALLOC = 'Portfolio allocation';
const TRADING = 'Trading behaviour';
const PATTERNS = 'Investment patterns';
const SOCIAL = 'Order types and social';
const NEWS = 'News and sentiment';
const GAINLOSS = 'Gain/loss behaviour';
const MGMT = 'Portfolio management';

export const REQUIRED_COLUMNS = [
  {
    name: 'customer_id',
    group: ID,
    kind: 'text',
    max: 64,
    guide: 'unique text, up to 64 characters',
  },
  { name: 'country_iso', group: ID, kind: 'country', guide: '3-letter ISO code' },
  // 18 and up: advice is given to adults only (issue 28, item 2); a minor's row is rejected.
  { name: 'age', group: ID, kind: 'integer', min: 18, max: 120, guide: 'years, 18-120' },
  { name: 'risk_profile', group: RISK, kind: 'number', min: 1, max: 10, guide: '1-10' },
  pct('knowledge_quiz_score', RISK),
  {
    name: 'experience_years',
    group: RISK,
    kind: 'number',
    min: 0,
    max: 100,
    guide: 'years, 0-100',
  },
  pct('cash_pct', ALLOC),
  pct('etf_pct', ALLOC),
  pct('single_stock_pct', ALLOC),
  days('days_since_last_trade', TRADING),
  count('stop_loss_sell_cnt', TRADING),
  days('days_since_loss_sell', TRADING),
  {
    name: 'leverage_ratio',
    group: TRADING,
    kind: 'number',
    min: 0,
    max: 100,
    guide: 'ratio, 0-100 (1 = unlevered)',
  },
  pct('home_country_weight_pct', PATTERNS),
  pct('trade_turnover_30d_pct_peer', PATTERNS),
  {
    name: 'anchor_price_gap_pct',
    group: PATTERNS,
    kind: 'number',
    min: -100,
    max: 10_000,
    guide: 'percent, -100 or more',
  },
  {
    name: 'limit_orders_at_purchase_px',
    group: SOCIAL,
    kind: 'boolean',
    guide: 'true/false, yes/no or 1/0',
  },
  pct('social_hype_score', SOCIAL),
  days('days_since_hype_peak', SOCIAL),
  {
    name: 'positive_news_sentiment_7d',
    group: NEWS,
    kind: 'number',
    min: -1,
    max: 1,
    guide: '-1 to 1',
  },
  count('news_clicks_7d', NEWS),
  count('gain_takes', GAINLOSS),
  count('loss_takes', GAINLOSS),
  count('rebalances_ytd', MGMT),
  count('num_sub_accounts', MGMT),
  count('averaging_down_trades', MGMT),
  days('days_since_last_average_down', MGMT),
  { name: 'max_drawdown_pct', group: MGMT, kind: 'number', min: -100, max: 0, guide: '-100 to 0' },
] as const satisfies readonly ColumnSpec[];

/** Optional columns: validated and stored when a file carries them (customer value inputs). */
export const OPTIONAL_COLUMNS = [
  {
    name: 'aum',
    group: 'Optional',
    kind: 'number',
    min: 0,
    max: 1e15,
    guide: 'assets under management, 0 or more',
  },
  {
    name: 'revenue_12m',
    group: 'Optional',
    kind: 'number',
    min: 0,
    max: 1e15,
    guide: 'revenue over 12 months, 0 or more',
  },
] as const satisfies readonly ColumnSpec[];

export type RequiredColumnName = (typeof REQUIRED_COLUMNS)[number]['name'];
export type OptionalColumnName = (typeof OPTIONAL_COLUMNS)[number]['name'];

type ValueOf<K extends ColumnKind> = K extends 'boolean'
  ? boolean
  : K extends 'text' | 'country'
    ? string
    : number;

/** A validated customer row: every required column typed, optional columns null when absent. */
export type CustomerRecord = {
  [C in (typeof REQUIRED_COLUMNS)[number] as C['name']]: ValueOf<C['kind']>;
} & { [K in OptionalColumnName]: number | null };

/** Allocation percentages cannot add up to more than the whole portfolio. */
export const ALLOCATION_COLUMNS = ['cash_pct', 'etf_pct', 'single_stock_pct'] as const;
export const ALLOCATION_TOLERANCE = 0.5;

/** Header normalisation of the ingestion issue: trim, lower-case, spaces and hyphens to underscores. */
export const normaliseHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A plausible row, used for the CSV example on the upload screen and in tests. */
export const EXAMPLE_CUSTOMER: CustomerRecord = {
  customer_id: 'C-10001',
  country_iso: 'GBR',
  age: 42,
  risk_profile: 6,
  knowledge_quiz_score: 72,
  experience_years: 8,
  cash_pct: 15,
  etf_pct: 45,
  single_stock_pct: 40,
  days_since_last_trade: 12,
  stop_loss_sell_cnt: 1,
  days_since_loss_sell: 45,
  leverage_ratio: 1.2,
  home_country_weight_pct: 60,
  trade_turnover_30d_pct_peer: 70,
  anchor_price_gap_pct: -12,
  limit_orders_at_purchase_px: true,
  social_hype_score: 55,
  days_since_hype_peak: 9,
  positive_news_sentiment_7d: 0.3,
  news_clicks_7d: 14,
  gain_takes: 6,
  loss_takes: 2,
  rebalances_ytd: 1,
  num_sub_accounts: 3,
  averaging_down_trades: 2,
  days_since_last_average_down: 20,
  max_drawdown_pct: -18,
  aum: null,
  revenue_12m: null,
};
