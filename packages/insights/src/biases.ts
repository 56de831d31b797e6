import type { Bias } from './bias-model.js';
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
import { displayCountryCode, lookupMarketShare } from './market-cap.js';
import { clip } from './math.js';
import { DISPOSITION_PRIOR_TRADES, HOME_BIAS_TOLERANCE, M, lossSales } from './measures.js';
import { atLeast, column, decay, evidenceOf, indicator, level, ramp, share } from './signals.js';

/**
 * The bias model, as docs/insights-model.md §4 writes it (its tables are written from this file):
 * nine biases, each a table of named terms with every number of the bias. A term's points are
 * `points x signal` (a share of full; a ramp r counts as r / 100) x its `scale`; positive points
 * add up to 100, negative ones are penalties. Adding a term or a bias: packages/insights/README.md.
 */

export type { Bias, Confidence, Term } from './bias-model.js';

const BORROWING_REASON = ': borrowing and saving are treated as separate pots';

/** The nine biases, in BIAS_NAMES order (the order of `biases` and the last tie rule). */
export const BIASES: readonly Bias[] = [
  {
    // Barber & Odean 2000, 2001; Goetzmann & Kumar 2008; miscalibration.
    name: 'overconfidence',
    label: 'overconfidence',
    description:
      'Trust in one’s own calls: heavy trading against peers, a stated risk appetite above the knowledge quiz, single stocks and leverage.',
    terms: [
      {
        name: 'turnover',
        column: 'trade_turnover_30d_pct_peer',
        points: 40,
        signal: ramp(column('trade_turnover_30d_pct_peer'), 50, 100),
        fact: valueFact('trade_turnover_30d_pct_peer'),
        reason:
          ': frequent trading is the classic sign of overconfidence and usually costs returns',
      },
      {
        name: 'miscalibration',
        column: 'knowledge_quiz_score',
        points: 25,
        signal: ramp(M.miscalibration, 0, 50),
        fact: (r, first) => quizFact(tenth(r.knowledge_quiz_score), tenth(r.risk_profile), first),
        reason: ': a high appetite for risk with limited knowledge suggests overrated skill',
      },
      {
        name: 'concentration',
        column: 'single_stock_pct',
        points: 20,
        signal: ramp(column('single_stock_pct'), 20, 80),
        fact: valueFact('single_stock_pct'),
        reason: ': a concentrated bet on a few companies suggests confidence in picking winners',
      },
      {
        name: 'leverage',
        column: 'leverage_ratio',
        points: 15,
        signal: ramp(column('leverage_ratio'), 1, 2),
        fact: valueFact('leverage_ratio'),
        reason:
          ": borrowing to invest magnifies gains and losses and signals confidence in one's own calls",
      },
    ],
    confidence: { cap: 0.85, base: 0.6, rise: 0.4, evidence: evidenceOf(M.tradeDecisions, 5) },
    step: 'show the after-cost results of frequent trading and agree limits on position size and leverage',
    opening: 'Your recent activity suggests a lot of confidence in your own calls',
  },
  {
    // Attention (Barber & Odean 2008; Barber, Huang, Odean & Schwarz 2022; Da, Engelberg & Gao 2011).
    name: 'herding',
    label: 'herding',
    description:
      'Following the crowd: buying socially hyped names, heavy news reading and acting on upbeat news.',
    terms: [
      {
        name: 'hype level',
        column: 'social_hype_score',
        points: 40,
        signal: level(column('social_hype_score')),
        fact: valueFact('social_hype_score'),
        reason: ": the customer's activity follows socially hyped names",
      },
      {
        name: 'hype recency',
        column: 'days_since_hype_peak',
        points: 25,
        signal: level(column('social_hype_score')),
        scale: decay(column('days_since_hype_peak'), 14),
        fact: valueFact('days_since_hype_peak'),
        reason: ': activity close to a hype peak, when crowd-driven buying is strongest',
      },
      {
        name: 'news attention',
        column: 'news_clicks_7d',
        points: 20,
        signal: ramp(column('news_clicks_7d'), 5, 50),
        fact: valueFact('news_clicks_7d'),
        reason: ': heavy news reading points to attention-driven trading',
      },
      {
        name: 'upbeat news',
        column: 'positive_news_sentiment_7d',
        points: 15,
        signal: share(column('positive_news_sentiment_7d'), 0, 1),
        scale: share(column('news_clicks_7d'), 0, 10),
        fact: valueFact('positive_news_sentiment_7d'),
        reason: ': mostly upbeat news read often feeds trend-chasing',
      },
    ],
    confidence: {
      cap: 0.8,
      base: 0.6,
      rise: 0.4,
      evidence: evidenceOf(column('news_clicks_7d'), 10),
    },
    step: 'agree a cooling-off rule for trend-driven buys and check each idea against the plan',
    opening: 'Your recent trades seem to follow what is popular',
  },
  {
    // The purchase price as reference point (Odean 1998; Tversky & Kahneman 1974; George & Hwang
    // 2004; Linnainmaa 2010).
    name: 'anchoring',
    label: 'anchoring',
    description:
      'Fixation on the price paid: positions far below it, limit orders at the purchase price and averaging down.',
    terms: [
      {
        name: 'loss against the anchor',
        column: 'anchor_price_gap_pct',
        points: 45,
        signal: ramp(M.belowAnchor, 5, 40),
        fact: valueFact('anchor_price_gap_pct'),
        reason: ': holding a losing position while waiting to get back to the price paid',
      },
      {
        name: 'limit orders at purchase price',
        column: 'limit_orders_at_purchase_px',
        points: 25,
        signal: indicator(
          'limit orders at purchase price',
          M.limitOrders,
          (r) => r.limit_orders_at_purchase_px,
        ),
        fact: valueFact('limit_orders_at_purchase_px'),
        reason: ': sell orders pinned to the price paid show it is the reference point',
      },
      {
        name: 'averaging down',
        column: 'averaging_down_trades',
        points: 30,
        signal: ramp(column('averaging_down_trades'), 0, 4),
        // In full when the position is at least 10% under water, half otherwise.
        scale: atLeast(0.5, 0.5, share(M.belowAnchor, 0, 10)),
        fact: valueFact('averaging_down_trades'),
        reason: ': buying more of a falling position to lower the average price paid',
      },
    ],
    confidence: {
      cap: 0.85,
      base: 0.7,
      rise: 0.3,
      evidence: evidenceOf(column('averaging_down_trades'), 3),
    },
    step: 'review the position on its prospects today rather than the price paid, and pause averaging down',
    opening: 'You seem to be anchored to the price you paid',
  },
  {
    // Panic and loss aversion (Kahneman & Tversky 1979; Strahilevitz, Odean & Barber 2011;
    // Elkind, Kaminski, Lo et al. 2022).
    name: 'loss_aversion',
    label: 'loss aversion',
    description:
      'Losses weigh more than gains: stop-loss and loss sales, a deep drawdown and a large cash buffer.',
    terms: [
      {
        name: 'stop-loss selling',
        column: 'stop_loss_sell_cnt',
        points: 30,
        signal: ramp(column('stop_loss_sell_cnt'), 0, 4),
        fact: valueFact('stop_loss_sell_cnt'),
        reason: ': repeated selling on falls suggests losses weigh heavily',
      },
      {
        name: 'recent loss sale',
        column: 'days_since_loss_sell',
        points: 25,
        // The day count only means something if there was a loss sale (a file may carry 0).
        signal: decay(column('days_since_loss_sell'), 30, {
          label: 'L > 0',
          holds: (r) => lossSales(r) > 0,
        }),
        fact: valueFact('days_since_loss_sell'),
        reason: ': right after a loss sale a further panic sale is most likely',
      },
      {
        name: 'drawdown',
        column: 'max_drawdown_pct',
        points: 20,
        signal: ramp(M.fall, 10, 40),
        fact: valueFact('max_drawdown_pct'),
        reason: ': a deep fall in value is when loss-averse investors tend to sell in panic',
      },
      {
        name: 'retreat to cash',
        column: 'cash_pct',
        points: 25,
        signal: ramp(column('cash_pct'), 20, 70),
        fact: valueFact('cash_pct'),
        reason: ': a large cash share can mean a retreat from the market after losses',
      },
    ],
    confidence: { cap: 0.8, base: 0.5, rise: 0.5, evidence: evidenceOf(M.lossSales, 4) },
    step: 'walk through the long-term plan before any further sale and agree in advance what to do in a fall',
    opening: 'Recent losses seem to be weighing on your decisions',
  },
  {
    // Shefrin & Statman 1985; Odean 1998. Realised trades only.
    name: 'disposition_effect',
    label: 'disposition effect',
    description:
      'Selling winners too early and keeping losers: many more gains taken than losses, averaging down.',
    terms: [
      {
        name: 'selling winners, keeping losers',
        column: 'gain_takes',
        points: 80,
        signal: ramp(M.gainShare, 0.5, 0.85),
        fact: (r) => gainsFact(tenth(r.gain_takes), tenth(r.loss_takes)),
        reason: ': selling winners far more readily than losers is the disposition effect',
      },
      {
        name: 'adding to losers',
        column: 'averaging_down_trades',
        points: 20,
        signal: ramp(column('averaging_down_trades'), 0, 4),
        fact: valueFact('averaging_down_trades'),
        reason: ': adding to losing positions instead of selling them',
      },
    ],
    confidence: {
      cap: 0.9,
      base: 0,
      rise: 1,
      evidence: evidenceOf(M.realisedAndAveraged, DISPOSITION_PRIOR_TRADES),
    },
    step: 'review losing positions on their current merits and plan gains and losses together, including tax-loss harvesting',
    opening: 'You tend to sell winners and keep losers',
  },
  {
    // French & Poterba 1991; Coeurdacier & Rey 2013.
    name: 'home_bias',
    label: 'home bias',
    description: 'Most of the money in the home market, far above its share of world markets.',
    terms: [
      {
        name: 'home weight',
        column: 'home_country_weight_pct',
        points: 100,
        signal: ramp(M.homeBias, HOME_BIAS_TOLERANCE, 1),
        fact: (r) =>
          homeFact(
            displayCountryCode(r.country_iso),
            tenth(clip(r.home_country_weight_pct, 0, 100)),
          ),
        reason: ": far more at home than the country's weight in world markets",
      },
    ],
    // Lower when little is invested, and when the country is not in the market-cap table.
    confidence: {
      cap: 0.7,
      base: 0.5,
      rise: 0.5,
      evidence: share(M.invested, 0, 50),
      discount: {
        factor: 0.75,
        label: 'country not in the table',
        applies: (r) => lookupMarketShare(r.country_iso) === undefined,
      },
    },
    step: 'show how much rides on one market and discuss adding global diversification',
    opening: 'Most of your money rides on your home market',
  },
  {
    // A preference (Barsky, Juster, Kimball & Shapiro 1997; Benartzi & Thaler 1995).
    name: 'risk_aversion',
    label: 'risk aversion',
    description:
      'A preference for safety: a large cash share, a low stated risk profile and few single stocks.',
    terms: [
      {
        name: 'cash',
        column: 'cash_pct',
        points: 45,
        signal: ramp(column('cash_pct'), 20, 80),
        fact: valueFact('cash_pct'),
        reason: ': much of the portfolio is held in cash',
      },
      {
        name: 'stated caution',
        column: 'risk_profile',
        points: 35,
        signal: ramp(column('risk_profile'), 7, 2),
        fact: valueFact('risk_profile'),
        reason: ': the customer describes their own attitude to risk as cautious',
      },
      {
        name: 'little in shares',
        column: 'etf_pct',
        points: 20,
        signal: ramp(M.inShares, 50, 10),
        // The sum of the two shares as each is shown, to one decimal.
        fact: (r, first) => equityFact(tenth(r.etf_pct) + tenth(r.single_stock_pct), first),
        reason: ': little of the portfolio is exposed to shares at all',
      },
    ],
    confidence: { cap: 0.75 },
    step: "check the allocation against the customer's goals and horizon and discuss whether a phased move into growth assets fits",
    opening: 'Your portfolio is more cautious than it may need to be',
  },
  {
    // Thaler 1985, 1999; Shefrin & Statman 2000; Gross & Souleles 2002. A proxy only.
    name: 'mental_accounting',
    label: 'mental accounting',
    description:
      'Money split into separate pots: many sub-accounts, or borrowing while holding idle cash.',
    terms: [
      {
        name: 'separate pots',
        column: 'num_sub_accounts',
        points: 60,
        signal: ramp(column('num_sub_accounts'), 2, 6),
        fact: valueFact('num_sub_accounts'),
        reason: ': money split into separate pots, each managed by its own rules',
      },
      {
        name: 'borrowing while holding cash',
        column: 'leverage_ratio',
        points: 40,
        signal: share(column('leverage_ratio'), 1, 1.5),
        scale: share(column('cash_pct'), 10, 30),
        fact: valueFact('leverage_ratio'),
        reason: BORROWING_REASON,
        explanation: (r) =>
          `${VALUE_FACTS.leverage_ratio(tenth(r.leverage_ratio), true)} while ${num(r.cash_pct)}% sits in cash${BORROWING_REASON}`,
      },
    ],
    confidence: { cap: 0.5 },
    step: 'review all accounts as one portfolio and consolidate where the split serves no purpose',
    opening: 'Your money is split into separate pots',
  },
  {
    // Samuelson & Zeckhauser 1988; Madrian & Shea 2001; Mitchell et al. 2006.
    name: 'status_quo',
    label: 'status quo',
    description:
      'Inertia: no trade for a long time, no rebalance this year and cash left uninvested.',
    terms: [
      {
        name: 'idle portfolio',
        column: 'days_since_last_trade',
        points: 55,
        signal: ramp(column('days_since_last_trade'), 90, 365),
        fact: valueFact('days_since_last_trade'),
        reason: ': the portfolio has been left untouched for a long time',
      },
      {
        name: 'no rebalancing',
        column: 'rebalances_ytd',
        points: 25,
        signal: indicator(
          'no rebalance this year',
          column('rebalances_ytd'),
          (r) => r.rebalances_ytd === 0,
        ),
        fact: valueFact('rebalances_ytd'),
        reason: ': without rebalancing the allocation drifts with the market',
      },
      {
        name: 'uninvested cash',
        column: 'cash_pct',
        points: 20,
        signal: ramp(column('cash_pct'), 20, 60),
        fact: valueFact('cash_pct'),
        reason: ': cash left uninvested',
      },
    ],
    confidence: { cap: 0.75 },
    step: 'book a portfolio review and rebalance to the agreed allocation',
    opening: 'Your portfolio has not been reviewed for a while',
  },
];
