import type { CustomerRecord } from '@behavio/contract';
import { marketShare } from './market-cap.js';
import { clip01, shrinkShare } from './math.js';
import { measure } from './signals.js';

/**
 * The figures the bias terms read beyond single columns, with the doc's names for them
 * (docs/insights-model.md §4).
 */

/** Recorded trading decisions: realised gains and losses, stop-loss sales, averaging down, rebalances. */
export const tradeCount = (r: CustomerRecord): number =>
  r.gain_takes + r.loss_takes + r.stop_loss_sell_cnt + r.averaging_down_trades + r.rebalances_ytd;

/** Loss sales L: stop-loss sales and realised losses. */
export const lossSales = (r: CustomerRecord): number => r.stop_loss_sell_cnt + r.loss_takes;

/** How far below the purchase price a position is, g = max(0, -anchor gap %). */
export const belowAnchor = (r: CustomerRecord): number =>
  r.anchor_price_gap_pct < 0 ? -r.anchor_price_gap_pct : 0;

/** Pseudo-trades of the neutral prior (a gain share of one half) in the disposition measure. */
export const DISPOSITION_PRIOR_TRADES = 10;

/** Shrunk share of realised trades that were gains: (G + 5) / (G + L + 10). */
export const realisedGainShare = (r: CustomerRecord): number =>
  shrinkShare(r.gain_takes, r.gain_takes + r.loss_takes, 0.5, DISPOSITION_PRIOR_TRADES);

/** EHB up to this level is tolerated: hedging, costs and taxes justify some home tilt. */
export const HOME_BIAS_TOLERANCE = 0.25;

/** Equity home bias EHB = 1 - (1 - w) / (1 - m) (Coeurdacier & Rey 2013); may be negative. */
export const equityHomeBias = (r: CustomerRecord): number =>
  1 - (1 - clip01(r.home_country_weight_pct / 100)) / (1 - marketShare(r.country_iso));

/** The measures the terms read beyond single columns, with the doc's names for them. */
export const M = {
  tradeDecisions: measure('n', tradeCount),
  miscalibration: measure(
    '10 x risk_profile - knowledge_quiz_score',
    (r) => 10 * r.risk_profile - r.knowledge_quiz_score,
  ),
  belowAnchor: measure('g', belowAnchor),
  lossSales: measure('L', lossSales),
  fall: measure('-max_drawdown_pct', (r) => -r.max_drawdown_pct),
  gainShare: measure('s', realisedGainShare),
  realisedAndAveraged: measure(
    'gain_takes + loss_takes + averaging_down_trades',
    (r) => r.gain_takes + r.loss_takes + r.averaging_down_trades,
  ),
  homeBias: measure('EHB', equityHomeBias),
  invested: measure('100 - cash_pct', (r) => 100 - r.cash_pct),
  inShares: measure('etf_pct + single_stock_pct', (r) => r.etf_pct + r.single_stock_pct),
  limitOrders: measure('limit_orders_at_purchase_px', (r) =>
    r.limit_orders_at_purchase_px ? 1 : 0,
  ),
} as const;
