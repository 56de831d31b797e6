import type { CustomerRecord } from '@behavio/contract';

/**
 * Hand-built customers that each plainly show one behavioural pattern. Used by the persona
 * tests and the worked examples of docs/insights-model.md.
 */
const base: CustomerRecord = {
  customer_id: 'P-BASE',
  country_iso: 'GBR',
  age: 45,
  risk_profile: 5,
  knowledge_quiz_score: 70,
  experience_years: 10,
  cash_pct: 15,
  etf_pct: 65,
  single_stock_pct: 10,
  days_since_last_trade: 20,
  stop_loss_sell_cnt: 0,
  days_since_loss_sell: 400,
  leverage_ratio: 1,
  home_country_weight_pct: 35,
  trade_turnover_30d_pct_peer: 45,
  anchor_price_gap_pct: 8,
  limit_orders_at_purchase_px: false,
  social_hype_score: 15,
  days_since_hype_peak: 60,
  positive_news_sentiment_7d: 0.05,
  news_clicks_7d: 3,
  gain_takes: 4,
  loss_takes: 3,
  rebalances_ytd: 2,
  num_sub_accounts: 2,
  averaging_down_trades: 0,
  days_since_last_average_down: 400,
  max_drawdown_pct: -12,
  aum: null,
  revenue_12m: null,
};

/** A heavy trader with concentrated, leveraged positions and a low knowledge score. */
export const OVERCONFIDENT_TRADER: CustomerRecord = {
  ...base,
  customer_id: 'P-OVERCONFIDENT',
  country_iso: 'USA',
  age: 34,
  risk_profile: 9,
  knowledge_quiz_score: 30,
  experience_years: 3,
  cash_pct: 5,
  etf_pct: 15,
  single_stock_pct: 75,
  days_since_last_trade: 1,
  leverage_ratio: 2.4,
  home_country_weight_pct: 70,
  trade_turnover_30d_pct_peer: 97,
  anchor_price_gap_pct: 5,
  social_hype_score: 30,
  days_since_hype_peak: 40,
  positive_news_sentiment_7d: 0.1,
  news_clicks_7d: 6,
  gain_takes: 25,
  loss_takes: 10,
  rebalances_ytd: 3,
  max_drawdown_pct: -32,
};

/** A follower of hyped names who reads a lot of upbeat news. */
export const HERD_FOLLOWER: CustomerRecord = {
  ...base,
  customer_id: 'P-HERD',
  age: 29,
  risk_profile: 6,
  knowledge_quiz_score: 60,
  experience_years: 2,
  cash_pct: 10,
  etf_pct: 55,
  single_stock_pct: 25,
  days_since_last_trade: 2,
  trade_turnover_30d_pct_peer: 62,
  social_hype_score: 92,
  days_since_hype_peak: 2,
  positive_news_sentiment_7d: 0.7,
  news_clicks_7d: 60,
  gain_takes: 5,
  loss_takes: 4,
  max_drawdown_pct: -14,
};

/** Far below the purchase price, averaging down, with limit orders at the purchase price. */
export const ANCHORED_HOLDER: CustomerRecord = {
  ...base,
  customer_id: 'P-ANCHORED',
  country_iso: 'DEU',
  age: 58,
  risk_profile: 5,
  knowledge_quiz_score: 65,
  experience_years: 20,
  cash_pct: 12,
  etf_pct: 58,
  single_stock_pct: 28,
  days_since_last_trade: 9,
  home_country_weight_pct: 40,
  trade_turnover_30d_pct_peer: 40,
  anchor_price_gap_pct: -45,
  limit_orders_at_purchase_px: true,
  averaging_down_trades: 4,
  days_since_last_average_down: 10,
  gain_takes: 3,
  loss_takes: 0,
  rebalances_ytd: 1,
  max_drawdown_pct: -18,
};

/** Conservative, cash-heavy, low stated risk and idle for over a year. */
export const CAUTIOUS_SAVER: CustomerRecord = {
  ...base,
  customer_id: 'P-CAUTIOUS',
  age: 67,
  risk_profile: 2,
  knowledge_quiz_score: 55,
  experience_years: 25,
  cash_pct: 80,
  etf_pct: 15,
  single_stock_pct: 0,
  days_since_last_trade: 420,
  trade_turnover_30d_pct_peer: 4,
  home_country_weight_pct: 30,
  anchor_price_gap_pct: 2,
  social_hype_score: 3,
  days_since_hype_peak: 300,
  positive_news_sentiment_7d: 0,
  news_clicks_7d: 0,
  gain_takes: 0,
  loss_takes: 0,
  rebalances_ytd: 0,
  num_sub_accounts: 1,
  max_drawdown_pct: -4,
};

/** A moderate, diversified customer with no pattern that stands out. */
export const BALANCED_INVESTOR: CustomerRecord = { ...base, customer_id: 'P-BALANCED' };

export const PERSONAS = {
  overconfident: OVERCONFIDENT_TRADER,
  herd_followers: HERD_FOLLOWER,
  anchored: ANCHORED_HOLDER,
  risk_averse: CAUTIOUS_SAVER,
  balanced: BALANCED_INVESTOR,
} as const;
