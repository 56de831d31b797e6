import type { BiasName, CustomerColumnName, CustomerRecord } from '@behavio/contract';
import {
  VALUE_FACTS,
  equityFact,
  gainsFact,
  homeFact,
  quizFact,
  tenth,
  valueFact,
} from './facts.js';
import { num } from './format.js';
import { displayCountryCode, lookupMarketShare, marketShare } from './market-cap.js';
import { clip, clip01, decay, ramp, shrinkShare, strength } from './math.js';

/**
 * The bias model: nine biases, each a list of named terms, written as docs/insights-model.md §4
 * writes them. A term's points are `weight x signal(row)`, times `scale(row)` when the term has
 * one; a bias's score is the sum of its terms' points (the weights of a bias add up to 100
 * points) and every term that adds points is a piece of its evidence. How a bias is evaluated
 * is in evaluate.ts; this file only says what the model is.
 *
 * To add a term or a bias, see packages/insights/README.md.
 */

export interface Term {
  /** The term's name, as in the model doc's table. */
  readonly name: string;
  /** The input column the evidence names and whose value it shows. */
  readonly column: CustomerColumnName;
  /**
   * Points of a full signal. A ramp signal runs from 0 to 100, so its weight is a share (0.40
   * gives at most 40 points); an indicator or a 0-1 signal gets its points as the weight (25).
   */
  readonly weight: number;
  /** The signal read from the row: a ramp `r(x, a, b)`, a level, or an indicator (0 or 1). */
  readonly signal: (r: CustomerRecord) => number;
  /** A 0-1 factor that scales the term (a decay, a gate), when it has one. */
  readonly scale?: (r: CustomerRecord) => number;
  /** The term as the model doc's worked examples write it, and the figures it used. */
  readonly formula: string;
  readonly inputs: (r: CustomerRecord) => string;
  /** What the term says about this customer, with their figures ("leverage at 2.4x"). */
  readonly fact: (r: CustomerRecord, first: boolean) => string;
  /** Why that counts towards the bias, in plain words for the RM (starts with ": "). */
  readonly reason: string;
  /** The evidence explanation when it says more than `fact(r, true) + reason`. */
  readonly explanation?: (r: CustomerRecord) => string;
}

export interface Bias {
  readonly name: BiasName;
  readonly terms: readonly Term[];
  /** How much evidence stands behind the score, 0-1 (§5). */
  readonly confidence: (r: CustomerRecord) => number;
  /** The confidence as the worked examples write it, with the figures. */
  readonly confidenceFormula: (r: CustomerRecord) => string;
  /** The bias in words ("loss aversion"). */
  readonly label: string;
  /** The step the RM should take when the bias leads, after Pompian (§10). */
  readonly step: string;
  /** Opening of the `why` text when the bias leads, in words a customer can hear. */
  readonly opening: string;
}

const v = (x: number | boolean): string => String(x);
const f2 = (x: number): string => x.toFixed(2);
const f4 = (x: number): string => x.toFixed(4);
const indicator = (condition: boolean): number => (condition ? 1 : 0);

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

const BORROWING_REASON = ': borrowing and saving are treated as separate pots';

/** The nine biases, in BIAS_NAMES order (the order of `biases` and the last tie rule). */
export const BIASES: readonly Bias[] = [
  {
    // Barber & Odean 2000, 2001; Goetzmann & Kumar 2008; miscalibration.
    name: 'overconfidence',
    label: 'overconfidence',
    terms: [
      {
        name: 'turnover',
        column: 'trade_turnover_30d_pct_peer',
        weight: 0.4,
        signal: (r) => ramp(r.trade_turnover_30d_pct_peer, 50, 100),
        formula: '0.40 r(turnover pct, 50, 100)',
        inputs: (r) => v(r.trade_turnover_30d_pct_peer),
        fact: valueFact('trade_turnover_30d_pct_peer'),
        reason:
          ': frequent trading is the classic sign of overconfidence and usually costs returns',
      },
      {
        name: 'miscalibration',
        column: 'knowledge_quiz_score',
        weight: 0.25,
        signal: (r) => ramp(10 * r.risk_profile - r.knowledge_quiz_score, 0, 50),
        formula: '0.25 r(10 x risk_profile - quiz, 0, 50)',
        inputs: (r) =>
          `10 x ${v(r.risk_profile)} - ${v(r.knowledge_quiz_score)} = ${f2(10 * r.risk_profile - r.knowledge_quiz_score)}`,
        fact: (r, first) => quizFact(tenth(r.knowledge_quiz_score), tenth(r.risk_profile), first),
        reason: ': a high appetite for risk with limited knowledge suggests overrated skill',
      },
      {
        name: 'concentration',
        column: 'single_stock_pct',
        weight: 0.2,
        signal: (r) => ramp(r.single_stock_pct, 20, 80),
        formula: '0.20 r(single stock %, 20, 80)',
        inputs: (r) => v(r.single_stock_pct),
        fact: valueFact('single_stock_pct'),
        reason: ': a concentrated bet on a few companies suggests confidence in picking winners',
      },
      {
        name: 'leverage',
        column: 'leverage_ratio',
        weight: 0.15,
        signal: (r) => ramp(r.leverage_ratio, 1, 2),
        formula: '0.15 r(leverage, 1, 2)',
        inputs: (r) => v(r.leverage_ratio),
        fact: valueFact('leverage_ratio'),
        reason:
          ": borrowing to invest magnifies gains and losses and signals confidence in one's own calls",
      },
    ],
    confidence: (r) => 0.85 * (0.6 + 0.4 * strength(tradeCount(r), 5)),
    confidenceFormula: (r) => `0.85 x (0.6 + 0.4 x ${tradeCount(r)}/(${tradeCount(r)} + 5))`,
    step: 'show the after-cost results of frequent trading and agree limits on position size and leverage',
    opening: 'Your recent activity suggests a lot of confidence in your own calls',
  },
  {
    // Attention (Barber & Odean 2008; Barber, Huang, Odean & Schwarz 2022; Da, Engelberg & Gao 2011).
    name: 'herding',
    label: 'herding',
    terms: [
      {
        name: 'hype level',
        column: 'social_hype_score',
        weight: 0.4,
        signal: (r) => clip(r.social_hype_score, 0, 100),
        formula: '0.40 x hype',
        inputs: (r) => v(r.social_hype_score),
        fact: valueFact('social_hype_score'),
        reason: ": the customer's activity follows socially hyped names",
      },
      {
        name: 'hype recency',
        column: 'days_since_hype_peak',
        weight: 0.25,
        signal: (r) => clip(r.social_hype_score, 0, 100),
        scale: (r) => decay(r.days_since_hype_peak, 14),
        formula: '0.25 x hype x d(days since hype peak, 14)',
        inputs: (r) =>
          `hype ${v(r.social_hype_score)}, d(${v(r.days_since_hype_peak)}, 14) = ${f4(decay(r.days_since_hype_peak, 14))}`,
        fact: valueFact('days_since_hype_peak'),
        reason: ': activity close to a hype peak, when crowd-driven buying is strongest',
      },
      {
        name: 'news attention',
        column: 'news_clicks_7d',
        weight: 0.2,
        signal: (r) => ramp(r.news_clicks_7d, 5, 50),
        formula: '0.20 r(news clicks, 5, 50)',
        inputs: (r) => v(r.news_clicks_7d),
        fact: valueFact('news_clicks_7d'),
        reason: ': heavy news reading points to attention-driven trading',
      },
      {
        name: 'upbeat news',
        column: 'positive_news_sentiment_7d',
        weight: 15,
        signal: (r) => clip01(r.positive_news_sentiment_7d),
        scale: (r) => clip01(r.news_clicks_7d / 10),
        formula: '15 x max(0, sentiment) x clip01(clicks / 10)',
        inputs: (r) =>
          `sentiment ${v(r.positive_news_sentiment_7d)}, clicks ${v(r.news_clicks_7d)}`,
        fact: valueFact('positive_news_sentiment_7d'),
        reason: ': mostly upbeat news read often feeds trend-chasing',
      },
    ],
    confidence: (r) => 0.8 * (0.6 + 0.4 * strength(r.news_clicks_7d, 10)),
    confidenceFormula: (r) => `0.8 x (0.6 + 0.4 x ${r.news_clicks_7d}/(${r.news_clicks_7d} + 10))`,
    step: 'agree a cooling-off rule for trend-driven buys and check each idea against the plan',
    opening: 'Your recent trades seem to follow what is popular',
  },
  {
    // The purchase price as reference point (Odean 1998; Tversky & Kahneman 1974; George & Hwang
    // 2004; Linnainmaa 2010).
    name: 'anchoring',
    label: 'anchoring',
    terms: [
      {
        name: 'loss against the anchor',
        column: 'anchor_price_gap_pct',
        weight: 0.45,
        signal: (r) => ramp(belowAnchor(r), 5, 40),
        formula: '0.45 r(g, 5, 40), g = max(0, -gap %)',
        inputs: (r) => `g = ${f2(belowAnchor(r))}`,
        fact: valueFact('anchor_price_gap_pct'),
        reason: ': holding a losing position while waiting to get back to the price paid',
      },
      {
        name: 'limit orders at purchase price',
        column: 'limit_orders_at_purchase_px',
        weight: 25,
        signal: (r) => indicator(r.limit_orders_at_purchase_px),
        formula: '25 x [limit orders at purchase price]',
        inputs: (r) => v(r.limit_orders_at_purchase_px),
        fact: valueFact('limit_orders_at_purchase_px'),
        reason: ': sell orders pinned to the price paid show it is the reference point',
      },
      {
        name: 'averaging down',
        column: 'averaging_down_trades',
        weight: 0.3,
        signal: (r) => ramp(r.averaging_down_trades, 0, 4),
        // In full when the position is at least 10% under water, half otherwise.
        scale: (r) => 0.5 + 0.5 * clip01(belowAnchor(r) / 10),
        formula: '0.30 r(averaging down, 0, 4) x (0.5 + 0.5 clip01(g / 10))',
        inputs: (r) => `${v(r.averaging_down_trades)} trades, g = ${f2(belowAnchor(r))}`,
        fact: valueFact('averaging_down_trades'),
        reason: ': buying more of a falling position to lower the average price paid',
      },
    ],
    confidence: (r) => 0.85 * (0.7 + 0.3 * strength(r.averaging_down_trades, 3)),
    confidenceFormula: (r) =>
      `0.85 x (0.7 + 0.3 x ${r.averaging_down_trades}/(${r.averaging_down_trades} + 3))`,
    step: 'review the position on its prospects today rather than the price paid, and pause averaging down',
    opening: 'You seem to be anchored to the price you paid',
  },
  {
    // Panic and loss aversion (Kahneman & Tversky 1979; Strahilevitz, Odean & Barber 2011;
    // Elkind, Kaminski, Lo et al. 2022).
    name: 'loss_aversion',
    label: 'loss aversion',
    terms: [
      {
        name: 'stop-loss selling',
        column: 'stop_loss_sell_cnt',
        weight: 0.3,
        signal: (r) => ramp(r.stop_loss_sell_cnt, 0, 4),
        formula: '0.30 r(stop-loss sales, 0, 4)',
        inputs: (r) => v(r.stop_loss_sell_cnt),
        fact: valueFact('stop_loss_sell_cnt'),
        reason: ': repeated selling on falls suggests losses weigh heavily',
      },
      {
        name: 'recent loss sale',
        column: 'days_since_loss_sell',
        weight: 25,
        // The day count only means something if there was a loss sale (a file may carry 0).
        signal: (r) => (lossSales(r) > 0 ? decay(r.days_since_loss_sell, 30) : 0),
        formula: '25 x d(days since loss sale, 30) x [L > 0]',
        inputs: (r) => `${v(r.days_since_loss_sell)} days, L = ${v(lossSales(r))}`,
        fact: valueFact('days_since_loss_sell'),
        reason: ': right after a loss sale a further panic sale is most likely',
      },
      {
        name: 'drawdown',
        column: 'max_drawdown_pct',
        weight: 0.2,
        signal: (r) => ramp(-r.max_drawdown_pct, 10, 40),
        formula: '0.20 r(-max drawdown, 10, 40)',
        inputs: (r) => v(r.max_drawdown_pct),
        fact: valueFact('max_drawdown_pct'),
        reason: ': a deep fall in value is when loss-averse investors tend to sell in panic',
      },
      {
        name: 'retreat to cash',
        column: 'cash_pct',
        weight: 0.25,
        signal: (r) => ramp(r.cash_pct, 20, 70),
        formula: '0.25 r(cash %, 20, 70)',
        inputs: (r) => v(r.cash_pct),
        fact: valueFact('cash_pct'),
        reason: ': a large cash share can mean a retreat from the market after losses',
      },
    ],
    confidence: (r) => 0.8 * (0.5 + 0.5 * strength(lossSales(r), 4)),
    confidenceFormula: (r) => `0.8 x (0.5 + 0.5 x ${lossSales(r)}/(${lossSales(r)} + 4))`,
    step: 'walk through the long-term plan before any further sale and agree in advance what to do in a fall',
    opening: 'Recent losses seem to be weighing on your decisions',
  },
  {
    // Shefrin & Statman 1985; Odean 1998. Realised trades only.
    name: 'disposition_effect',
    label: 'disposition effect',
    terms: [
      {
        name: 'selling winners, keeping losers',
        column: 'gain_takes',
        weight: 0.8,
        signal: (r) => ramp(realisedGainShare(r), 0.5, 0.85),
        formula: '0.80 r(s, 0.5, 0.85), s = (G + 5) / (G + L + 10)',
        inputs: (r) =>
          `G = ${v(r.gain_takes)}, L = ${v(r.loss_takes)}, s = ${f4(realisedGainShare(r))}`,
        fact: (r) => gainsFact(tenth(r.gain_takes), tenth(r.loss_takes)),
        reason: ': selling winners far more readily than losers is the disposition effect',
      },
      {
        name: 'adding to losers',
        column: 'averaging_down_trades',
        weight: 0.2,
        signal: (r) => ramp(r.averaging_down_trades, 0, 4),
        formula: '0.20 r(averaging down, 0, 4)',
        inputs: (r) => v(r.averaging_down_trades),
        fact: valueFact('averaging_down_trades'),
        reason: ': adding to losing positions instead of selling them',
      },
    ],
    confidence: (r) =>
      0.9 *
      strength(r.gain_takes + r.loss_takes + r.averaging_down_trades, DISPOSITION_PRIOR_TRADES),
    confidenceFormula: (r) => {
      const n = r.gain_takes + r.loss_takes + r.averaging_down_trades;
      return `0.9 x ${n}/(${n} + 10)`;
    },
    step: 'review losing positions on their current merits and plan gains and losses together, including tax-loss harvesting',
    opening: 'You tend to sell winners and keep losers',
  },
  {
    // French & Poterba 1991; Coeurdacier & Rey 2013.
    name: 'home_bias',
    label: 'home bias',
    terms: [
      {
        name: 'home weight',
        column: 'home_country_weight_pct',
        weight: 1,
        signal: (r) => ramp(equityHomeBias(r), HOME_BIAS_TOLERANCE, 1),
        formula: 'r(EHB, 0.25, 1), EHB = 1 - (1 - w) / (1 - m)',
        inputs: (r) =>
          `w = ${f2(r.home_country_weight_pct / 100)}, m(${r.country_iso}) = ${marketShare(r.country_iso)}, EHB = ${f4(equityHomeBias(r))}`,
        fact: (r) =>
          homeFact(
            displayCountryCode(r.country_iso),
            tenth(clip(r.home_country_weight_pct, 0, 100)),
          ),
        reason: ": far more at home than the country's weight in world markets",
      },
    ],
    // Lower when little is invested, and when the country is not in the market-cap table.
    confidence: (r) =>
      0.7 *
      (0.5 + 0.5 * clip01((100 - r.cash_pct) / 50)) *
      (lookupMarketShare(r.country_iso) === undefined ? 0.75 : 1),
    confidenceFormula: (r) =>
      `0.7 x (0.5 + 0.5 x clip01((100 - ${r.cash_pct}) / 50))${lookupMarketShare(r.country_iso) === undefined ? ' x 0.75 (country not in the table)' : ''}`,
    step: 'show how much rides on one market and discuss adding global diversification',
    opening: 'Most of your money rides on your home market',
  },
  {
    // A preference (Barsky, Juster, Kimball & Shapiro 1997; Benartzi & Thaler 1995).
    name: 'risk_aversion',
    label: 'risk aversion',
    terms: [
      {
        name: 'cash',
        column: 'cash_pct',
        weight: 0.45,
        signal: (r) => ramp(r.cash_pct, 20, 80),
        formula: '0.45 r(cash %, 20, 80)',
        inputs: (r) => v(r.cash_pct),
        fact: valueFact('cash_pct'),
        reason: ': much of the portfolio is held in cash',
      },
      {
        name: 'stated caution',
        column: 'risk_profile',
        weight: 0.35,
        signal: (r) => ramp(r.risk_profile, 7, 2),
        formula: '0.35 r(risk_profile, 7, 2)',
        inputs: (r) => v(r.risk_profile),
        fact: valueFact('risk_profile'),
        reason: ': the customer describes their own attitude to risk as cautious',
      },
      {
        name: 'little in shares',
        column: 'etf_pct',
        weight: 0.2,
        signal: (r) => ramp(r.etf_pct + r.single_stock_pct, 50, 10),
        formula: '0.20 r(ETF % + single stock %, 50, 10)',
        inputs: (r) => `${v(r.etf_pct)} + ${v(r.single_stock_pct)}`,
        // The sum of the two shares as each is shown, to one decimal.
        fact: (r, first) => equityFact(tenth(r.etf_pct) + tenth(r.single_stock_pct), first),
        reason: ': little of the portfolio is exposed to shares at all',
      },
    ],
    confidence: () => 0.75,
    confidenceFormula: () => 'fixed',
    step: "check the allocation against the customer's goals and horizon and discuss whether a phased move into growth assets fits",
    opening: 'Your portfolio is more cautious than it may need to be',
  },
  {
    // Thaler 1985, 1999; Shefrin & Statman 2000; Gross & Souleles 2002. A proxy only.
    name: 'mental_accounting',
    label: 'mental accounting',
    terms: [
      {
        name: 'separate pots',
        column: 'num_sub_accounts',
        weight: 0.6,
        signal: (r) => ramp(r.num_sub_accounts, 2, 6),
        formula: '0.60 r(sub-accounts, 2, 6)',
        inputs: (r) => v(r.num_sub_accounts),
        fact: valueFact('num_sub_accounts'),
        reason: ': money split into separate pots, each managed by its own rules',
      },
      {
        name: 'borrowing while holding cash',
        column: 'leverage_ratio',
        weight: 40,
        signal: (r) => clip01((r.leverage_ratio - 1) / 0.5),
        scale: (r) => clip01((r.cash_pct - 10) / 20),
        formula: '40 x clip01((leverage - 1) / 0.5) x clip01((cash % - 10) / 20)',
        inputs: (r) => `leverage ${v(r.leverage_ratio)}, cash ${v(r.cash_pct)}`,
        fact: valueFact('leverage_ratio'),
        reason: BORROWING_REASON,
        explanation: (r) =>
          `${VALUE_FACTS.leverage_ratio(tenth(r.leverage_ratio), true)} while ${num(r.cash_pct)}% sits in cash${BORROWING_REASON}`,
      },
    ],
    confidence: () => 0.5,
    confidenceFormula: () => 'fixed',
    step: 'review all accounts as one portfolio and consolidate where the split serves no purpose',
    opening: 'Your money is split into separate pots',
  },
  {
    // Samuelson & Zeckhauser 1988; Madrian & Shea 2001; Mitchell et al. 2006.
    name: 'status_quo',
    label: 'status quo',
    terms: [
      {
        name: 'idle portfolio',
        column: 'days_since_last_trade',
        weight: 0.55,
        signal: (r) => ramp(r.days_since_last_trade, 90, 365),
        formula: '0.55 r(days since last trade, 90, 365)',
        inputs: (r) => v(r.days_since_last_trade),
        fact: valueFact('days_since_last_trade'),
        reason: ': the portfolio has been left untouched for a long time',
      },
      {
        name: 'no rebalancing',
        column: 'rebalances_ytd',
        weight: 25,
        signal: (r) => indicator(r.rebalances_ytd === 0),
        formula: '25 x [no rebalance this year]',
        inputs: (r) => `${v(r.rebalances_ytd)} rebalances`,
        fact: valueFact('rebalances_ytd'),
        reason: ': without rebalancing the allocation drifts with the market',
      },
      {
        name: 'uninvested cash',
        column: 'cash_pct',
        weight: 0.2,
        signal: (r) => ramp(r.cash_pct, 20, 60),
        formula: '0.20 r(cash %, 20, 60)',
        inputs: (r) => v(r.cash_pct),
        fact: valueFact('cash_pct'),
        reason: ': cash left uninvested',
      },
    ],
    confidence: () => 0.75,
    confidenceFormula: () => 'fixed',
    step: 'book a portfolio review and rebalance to the agreed allocation',
    opening: 'Your portfolio has not been reviewed for a while',
  },
];
