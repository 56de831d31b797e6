import type {
  BiasEvidence,
  BiasName,
  BiasScore,
  CustomerColumnName,
  CustomerRecord,
} from '@behavio/contract';
import { BIAS_NAMES } from '@behavio/contract';
import {
  equityFact,
  fact,
  gainsFact,
  homeFact,
  quizFact,
  VALUE_FACTS,
  type ValueFactColumn,
} from './facts.js';
import { num } from './format.js';
import {
  codeFromIndex,
  countryIndex,
  DEFAULT_MARKET_SHARE,
  marketShare,
  shareOfIndex,
} from './market-cap.js';
import { DECAY_14, DECAY_30, clip, clip01, ramp, round2, shrinkShare, strength } from './math.js';
import type { TextCache } from './text-cache.js';
import {
  HOME_REASON,
  PairTexts,
  SumTexts,
  TEXT,
  ValueTexts,
  homeTextFromRow,
  tenthsKey,
  type TermTexts,
  type TextKind,
} from './term-texts.js';

/**
 * The bias model as a table. Each bias is a run of terms, one per input column; the terms'
 * points add up to the 0-100 score and every term that adds points becomes a piece of
 * evidence. `computeBiases` evaluates every formula for a row into flat scratch arrays (numbers
 * only, no allocation); `buildBias` turns one bias's slice into the output object. How each
 * term's texts read is in term-texts.ts and facts.ts.
 * Formulas, thresholds and sources: docs/insights-model.md §4.
 */

/** One input of a bias score, and how its evidence and facts read. */
export interface TermDefinition {
  readonly bias: number;
  readonly column: CustomerColumnName;
  /** The column is a boolean (its value is written as 1 or 0). */
  readonly isBoolean: boolean;
  /** Plain-words reason the input counts towards the bias (starts with ": "). */
  readonly reason: string;
  readonly texts: TermTexts;
  /**
   * A one-figure term's text caches by kind (most terms), null for two-figure terms: looked up
   * directly, without a call through `texts`, on the hot path (see `termText`).
   */
  readonly byValue: readonly TextCache[] | null;
}

function term(
  bias: BiasName,
  column: ValueFactColumn,
  reason: string,
  isBoolean = false,
): TermDefinition {
  const texts = new ValueTexts(VALUE_FACTS[column], reason);
  return {
    bias: BIAS_NAMES.indexOf(bias),
    column,
    isBoolean,
    reason,
    texts,
    byValue: texts.caches,
  };
}

/** A term whose texts show a second figure besides its value, so no one-figure cache fits. */
const keyedTerm = (
  bias: BiasName,
  column: CustomerColumnName,
  reason: string,
  texts: TermTexts,
): TermDefinition => ({
  bias: BIAS_NAMES.indexOf(bias),
  column,
  isBoolean: false,
  reason,
  texts,
  byValue: null,
});

/**
 * A term whose wording shows two figures: its value and a second figure of the row whose integer
 * key `secondKey(r)` gives (see PairTexts). `fact(a, b, first)` and `explain(a, b)` get the value
 * in whole tenths and that key.
 */
const pairTerm = (
  bias: BiasName,
  column: CustomerColumnName,
  reason: string,
  fact: (a: number, b: number, first: boolean) => string,
  explain: ((a: number, b: number) => string) | null,
  secondKey: (r: CustomerRecord) => number,
  fallback: (r: CustomerRecord, kind: TextKind) => string,
): TermDefinition =>
  keyedTerm(
    bias,
    column,
    reason,
    new PairTexts(fact, explain ?? ((a, b) => fact(a, b, true) + reason), secondKey, fallback),
  );

/**
 * A term whose wording shows one figure: its value plus a second figure of the row whose
 * whole-tenths key `secondKey(r)` gives. `fact` gets the sum (whole tenths / 10).
 */
const sumTerm = (
  bias: BiasName,
  column: CustomerColumnName,
  reason: string,
  fact: (sum: number, first: boolean) => string,
  secondKey: (r: CustomerRecord) => number,
  fallback: (r: CustomerRecord, kind: TextKind) => string,
): TermDefinition =>
  keyedTerm(bias, column, reason, new SumTexts(fact, reason, secondKey, fallback));

/** Fallback texts of a pair term, built from the row with `fact` (uncached). */
const fromRow =
  (reason: string, fact: (r: CustomerRecord, first: boolean) => string) =>
  (r: CustomerRecord, kind: TextKind): string =>
    kind === TEXT.explanation
      ? fact(r, true) + reason
      : kind === TEXT.lowerAnd || kind === TEXT.upperAnd
        ? `${fact(r, kind === TEXT.upperAnd)} and `
        : fact(r, kind === TEXT.upper);

const QUIZ_REASON = ': a high appetite for risk with limited knowledge suggests overrated skill';
const GAINS_REASON = ': selling winners far more readily than losers is the disposition effect';
const EQUITY_REASON = ': little of the portfolio is exposed to shares at all';
const BORROWING_REASON = ': borrowing and saving are treated as separate pots';

/**
 * Every term, grouped by bias in BIAS_NAMES order. Index i of the scratch arrays is TERMS[i].
 * The reasons are plain words for the RM; the sources are in the model doc.
 */
export const TERMS: readonly TermDefinition[] = [
  // overconfidence 0-3
  term(
    'overconfidence',
    'trade_turnover_30d_pct_peer',
    ': frequent trading is the classic sign of overconfidence and usually costs returns',
  ),
  pairTerm(
    'overconfidence',
    'knowledge_quiz_score',
    QUIZ_REASON,
    (q, p, first) => quizFact(q / 10, p / 10, first),
    null,
    (r) => tenthsKey(r.risk_profile),
    fromRow(QUIZ_REASON, (r, first) => fact('knowledge_quiz_score', r, first)),
  ),
  term(
    'overconfidence',
    'single_stock_pct',
    ': a concentrated bet on a few companies suggests confidence in picking winners',
  ),
  term(
    'overconfidence',
    'leverage_ratio',
    ": borrowing to invest magnifies gains and losses and signals confidence in one's own calls",
  ),
  // herding 4-7
  term('herding', 'social_hype_score', ": the customer's activity follows socially hyped names"),
  term(
    'herding',
    'days_since_hype_peak',
    ': activity close to a hype peak, when crowd-driven buying is strongest',
  ),
  term('herding', 'news_clicks_7d', ': heavy news reading points to attention-driven trading'),
  term(
    'herding',
    'positive_news_sentiment_7d',
    ': mostly upbeat news read often feeds trend-chasing',
  ),
  // anchoring 8-10
  term(
    'anchoring',
    'anchor_price_gap_pct',
    ': holding a losing position while waiting to get back to the price paid',
  ),
  term(
    'anchoring',
    'limit_orders_at_purchase_px',
    ': sell orders pinned to the price paid show it is the reference point',
    true,
  ),
  term(
    'anchoring',
    'averaging_down_trades',
    ': buying more of a falling position to lower the average price paid',
  ),
  // loss_aversion 11-14
  term(
    'loss_aversion',
    'stop_loss_sell_cnt',
    ': repeated selling on falls suggests losses weigh heavily',
  ),
  term(
    'loss_aversion',
    'days_since_loss_sell',
    ': right after a loss sale a further panic sale is most likely',
  ),
  term(
    'loss_aversion',
    'max_drawdown_pct',
    ': a deep fall in value is when loss-averse investors tend to sell in panic',
  ),
  term(
    'loss_aversion',
    'cash_pct',
    ': a large cash share can mean a retreat from the market after losses',
  ),
  // disposition_effect 15-16
  pairTerm(
    'disposition_effect',
    'gain_takes',
    GAINS_REASON,
    (g, l) => gainsFact(g / 10, l / 10),
    null,
    (r) => tenthsKey(r.loss_takes),
    fromRow(GAINS_REASON, (r) => fact('gain_takes', r, true)),
  ),
  term(
    'disposition_effect',
    'averaging_down_trades',
    ': adding to losing positions instead of selling them',
  ),
  // home_bias 17
  pairTerm(
    'home_bias',
    'home_country_weight_pct',
    HOME_REASON,
    (w, c) => homeFact(codeFromIndex(c), w / 10),
    null,
    // -1 for a code of another shape, whose texts are built from the row.
    (r) => countryIndex(r.country_iso),
    homeTextFromRow,
  ),
  // risk_aversion 18-20
  term('risk_aversion', 'cash_pct', ': much of the portfolio is held in cash'),
  term(
    'risk_aversion',
    'risk_profile',
    ': the customer describes their own attitude to risk as cautious',
  ),
  sumTerm(
    'risk_aversion',
    'etf_pct',
    EQUITY_REASON,
    equityFact,
    (r) => tenthsKey(r.single_stock_pct),
    fromRow(EQUITY_REASON, (r, first) =>
      equityFact(Math.round((r.etf_pct + r.single_stock_pct) * 10) / 10, first),
    ),
  ),
  // mental_accounting 21-22
  term(
    'mental_accounting',
    'num_sub_accounts',
    ': money split into separate pots, each managed by its own rules',
  ),
  pairTerm(
    'mental_accounting',
    'leverage_ratio',
    BORROWING_REASON,
    (lev, _cash, first) => VALUE_FACTS.leverage_ratio(lev / 10, first),
    (lev, cash) =>
      `${VALUE_FACTS.leverage_ratio(lev / 10, true)} while ${num(cash / 10)}% sits in cash${BORROWING_REASON}`,
    (r) => tenthsKey(r.cash_pct),
    fromRow(BORROWING_REASON, (r, first) => fact('leverage_ratio', r, first)),
  ),
  // status_quo 23-25
  term(
    'status_quo',
    'days_since_last_trade',
    ': the portfolio has been left untouched for a long time',
  ),
  term(
    'status_quo',
    'rebalances_ytd',
    ': without rebalancing the allocation drifts with the market',
  ),
  term('status_quo', 'cash_pct', ': cash left uninvested'),
];

/** First term of each bias in TERMS, plus the end: bias b owns TERMS[start[b] .. start[b+1]). */
export const BIAS_TERM_START: readonly number[] = [0, 4, 8, 11, 15, 17, 18, 21, 23, 26];

export const TERM_COUNT = TERMS.length;
export const BIAS_COUNT = BIAS_NAMES.length;

/** Position of each bias in BIAS_NAMES (and in `biases` of the output). */
export const BIAS_INDEX = {
  overconfidence: 0,
  herding: 1,
  anchoring: 2,
  loss_aversion: 3,
  disposition_effect: 4,
  home_bias: 5,
  risk_aversion: 6,
  mental_accounting: 7,
  status_quo: 8,
} as const satisfies Record<BiasName, number>;

/** Recorded trading decisions: realised gains and losses, stop-loss sales, averaging down, rebalances. */
export const tradeCount = (r: CustomerRecord): number =>
  r.gain_takes + r.loss_takes + r.stop_loss_sell_cnt + r.averaging_down_trades + r.rebalances_ytd;

/** Pseudo-trades of the neutral prior (a gain share of one half) in the disposition measure. */
export const DISPOSITION_PRIOR_TRADES = 10;

/** Shrunk share of realised trades that were gains: (G + 5) / (G + L + 10). */
export const realisedGainShare = (r: CustomerRecord): number =>
  shrinkShare(r.gain_takes, r.gain_takes + r.loss_takes, 0.5, DISPOSITION_PRIOR_TRADES);

/** EHB up to this level is tolerated: hedging, costs and taxes justify some home tilt. */
export const HOME_BIAS_TOLERANCE = 0.25;

/** Equity home bias EHB = 1 - (1 - w) / (1 - m) (Coeurdacier & Rey 2013); may be negative. */
export function equityHomeBias(r: CustomerRecord): number {
  const w = clip01(r.home_country_weight_pct / 100);
  return 1 - (1 - w) / (1 - marketShare(r.country_iso));
}

/**
 * One bias's formula: writes each term's points and input value to the scratch and scores the
 * bias from their sum and its confidence (`scoreBias`).
 */
type Formula = (r: CustomerRecord, s: BiasScratch) => void;

/**
 * Overconfidence (Barber & Odean 2000, 2001; Goetzmann & Kumar 2008; miscalibration):
 * 0.40 r(turnover pct, 50, 100) + 0.25 r(10 risk_profile - quiz, 0, 50)
 * + 0.20 r(single stock %, 20, 80) + 0.15 r(leverage, 1, 2);
 * confidence 0.85 (0.6 + 0.4 n / (n + 5)), n = recorded trading decisions.
 */
const overconfidenceFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  values[0] = r.trade_turnover_30d_pct_peer;
  points[0] = 0.4 * ramp(r.trade_turnover_30d_pct_peer, 50, 100);
  values[1] = r.knowledge_quiz_score;
  points[1] = 0.25 * ramp(10 * r.risk_profile - r.knowledge_quiz_score, 0, 50);
  values[2] = r.single_stock_pct;
  points[2] = 0.2 * ramp(r.single_stock_pct, 20, 80);
  values[3] = r.leverage_ratio;
  points[3] = 0.15 * ramp(r.leverage_ratio, 1, 2);
  scoreBias(
    s,
    0,
    points[0]! + points[1]! + points[2]! + points[3]!,
    0.85 * (0.6 + 0.4 * strength(tradeCount(r), 5)),
  );
};

/**
 * Herding through attention (Barber & Odean 2008; Barber, Huang, Odean & Schwarz 2022;
 * Da, Engelberg & Gao 2011): 0.40 hype + 0.25 hype d(days since hype peak, 14)
 * + 0.20 r(news clicks, 5, 50) + 15 max(0, sentiment) clip01(clicks / 10);
 * confidence 0.8 (0.6 + 0.4 c / (c + 10)), c = news clicks.
 */
const herdingFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const hype = clip(r.social_hype_score, 0, 100);
  values[4] = r.social_hype_score;
  points[4] = 0.4 * hype;
  values[5] = r.days_since_hype_peak;
  points[5] = 0.25 * hype * DECAY_14.at(r.days_since_hype_peak);
  values[6] = r.news_clicks_7d;
  points[6] = 0.2 * ramp(r.news_clicks_7d, 5, 50);
  values[7] = r.positive_news_sentiment_7d;
  points[7] = 15 * clip01(r.positive_news_sentiment_7d) * clip01(r.news_clicks_7d / 10);
  scoreBias(
    s,
    1,
    points[4]! + points[5]! + points[6]! + points[7]!,
    0.8 * (0.6 + 0.4 * strength(r.news_clicks_7d, 10)),
  );
};

/**
 * Anchoring on the purchase price (Odean 1998; Tversky & Kahneman 1974; George & Hwang 2004;
 * Linnainmaa 2010). g = max(0, -gap): 0.45 r(g, 5, 40) + 25 [limit orders at purchase price]
 * + 0.30 r(averaging down, 0, 4) (0.5 + 0.5 clip01(g / 10));
 * confidence 0.85 (0.7 + 0.3 a / (a + 3)), a = averaging-down trades.
 */
const anchoringFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const averagingDown = r.averaging_down_trades;
  const below = r.anchor_price_gap_pct < 0 ? -r.anchor_price_gap_pct : 0;
  values[8] = r.anchor_price_gap_pct;
  points[8] = 0.45 * ramp(below, 5, 40);
  values[9] = r.limit_orders_at_purchase_px ? 1 : 0;
  points[9] = r.limit_orders_at_purchase_px ? 25 : 0;
  values[10] = averagingDown;
  points[10] = 0.3 * ramp(averagingDown, 0, 4) * (0.5 + 0.5 * clip01(below / 10));
  scoreBias(
    s,
    2,
    points[8]! + points[9]! + points[10]!,
    0.85 * (0.7 + 0.3 * strength(averagingDown, 3)),
  );
};

/**
 * Loss aversion and panic selling (Kahneman & Tversky 1979; Strahilevitz, Odean & Barber
 * 2011; Elkind, Kaminski, Lo et al. 2022). L = stop-loss sales + realised losses:
 * 0.30 r(stop-loss sales, 0, 4) + 25 d(days since loss sale, 30) [L > 0]
 * + 0.20 r(-max drawdown, 10, 40) + 0.25 r(cash %, 20, 70); confidence 0.8 (0.5 + 0.5 L / (L + 4)).
 */
const lossAversionFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const cash = r.cash_pct;
  const lossSales = r.stop_loss_sell_cnt + r.loss_takes;
  values[11] = r.stop_loss_sell_cnt;
  points[11] = 0.3 * ramp(r.stop_loss_sell_cnt, 0, 4);
  values[12] = r.days_since_loss_sell;
  points[12] = lossSales > 0 ? 25 * DECAY_30.at(r.days_since_loss_sell) : 0;
  values[13] = r.max_drawdown_pct;
  points[13] = 0.2 * ramp(-r.max_drawdown_pct, 10, 40);
  values[14] = cash;
  points[14] = 0.25 * ramp(cash, 20, 70);
  scoreBias(
    s,
    3,
    points[11]! + points[12]! + points[13]! + points[14]!,
    0.8 * (0.5 + 0.5 * strength(lossSales, 4)),
  );
};

/**
 * Disposition effect (Shefrin & Statman 1985; Odean 1998). Realised trades only: the shrunk
 * gain share s = (G + 5) / (G + L + 10); 0.80 r(s, 0.5, 0.85) + 0.20 r(averaging down, 0, 4);
 * confidence 0.9 n / (n + 10), n = G + L + averaging-down trades.
 */
const dispositionFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const averagingDown = r.averaging_down_trades;
  values[15] = r.gain_takes;
  points[15] = 0.8 * ramp(realisedGainShare(r), 0.5, 0.85);
  values[16] = averagingDown;
  points[16] = 0.2 * ramp(averagingDown, 0, 4);
  scoreBias(
    s,
    4,
    points[15]! + points[16]!,
    0.9 * strength(r.gain_takes + r.loss_takes + averagingDown, DISPOSITION_PRIOR_TRADES),
  );
};

/**
 * Home bias (French & Poterba 1991; Coeurdacier & Rey 2013): EHB = 1 - (1 - w) / (1 - m);
 * r(EHB, 0.25, 1); confidence 0.7 (0.5 + 0.5 clip01((100 - cash %) / 50)), x 0.75 when the
 * country is not in the market-cap table.
 */
const homeBiasFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const cash = r.cash_pct;
  const share = shareOfIndex(countryIndex(r.country_iso));
  const known = share === share;
  // `* 1` changes nothing but makes V8 see a plain number, not the imported constant's boxed
  // value, so it keeps `m` (and the share read before it) unboxed (see DecayTable.at).
  const m = known ? share : DEFAULT_MARKET_SHARE * 1;
  values[17] = r.home_country_weight_pct;
  points[17] = ramp(
    1 - (1 - clip01(r.home_country_weight_pct / 100)) / (1 - m),
    HOME_BIAS_TOLERANCE,
    1,
  );
  scoreBias(s, 5, points[17]!, 0.7 * (0.5 + 0.5 * clip01((100 - cash) / 50)) * (known ? 1 : 0.75));
};

/**
 * Risk aversion, a preference (Barsky, Juster, Kimball & Shapiro 1997; Benartzi & Thaler 1995):
 * 0.45 r(cash %, 20, 80) + 0.35 r(risk_profile, 7, 2) + 0.20 r(ETF % + single stock %, 50, 10);
 * confidence 0.75.
 */
const riskAversionFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const cash = r.cash_pct;
  values[18] = cash;
  points[18] = 0.45 * ramp(cash, 20, 80);
  values[19] = r.risk_profile;
  points[19] = 0.35 * ramp(r.risk_profile, 7, 2);
  values[20] = r.etf_pct;
  points[20] = 0.2 * ramp(r.etf_pct + r.single_stock_pct, 50, 10);
  scoreBias(s, 6, points[18]! + points[19]! + points[20]!, 0.75);
};

/**
 * Mental accounting (Thaler 1985, 1999; Shefrin & Statman 2000; Gross & Souleles 2002):
 * 0.60 r(sub-accounts, 2, 6) + 40 clip01((leverage - 1) / 0.5) clip01((cash % - 10) / 20);
 * confidence 0.5.
 */
const mentalAccountingFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const cash = r.cash_pct;
  values[21] = r.num_sub_accounts;
  points[21] = 0.6 * ramp(r.num_sub_accounts, 2, 6);
  values[22] = r.leverage_ratio;
  points[22] = 40 * clip01((r.leverage_ratio - 1) / 0.5) * clip01((cash - 10) / 20);
  scoreBias(s, 7, points[21]! + points[22]!, 0.5);
};

/**
 * Status quo and inertia (Samuelson & Zeckhauser 1988; Madrian & Shea 2001; Mitchell et al.
 * 2006): 0.55 r(days since last trade, 90, 365) + 25 [no rebalance this year]
 * + 0.20 r(cash %, 20, 60); confidence 0.75.
 */
const statusQuoFormula: Formula = (r, s) => {
  const points = s.points;
  const values = s.values;
  const cash = r.cash_pct;
  values[23] = r.days_since_last_trade;
  points[23] = 0.55 * ramp(r.days_since_last_trade, 90, 365);
  values[24] = r.rebalances_ytd;
  points[24] = r.rebalances_ytd === 0 ? 25 : 0;
  values[25] = cash;
  points[25] = 0.2 * ramp(cash, 20, 60);
  scoreBias(s, 8, points[23]! + points[24]! + points[25]!, 0.75);
};

/** The bias formulas, in BIAS_NAMES order. */
const BIAS_FORMULAS: readonly Formula[] = [
  overconfidenceFormula,
  herdingFormula,
  anchoringFormula,
  lossAversionFormula,
  dispositionFormula,
  homeBiasFormula,
  riskAversionFormula,
  mentalAccountingFormula,
  statusQuoFormula,
];

/**
 * Scores every bias of a row into the scratch, numbers only, without ordering the evidence
 * (`orderEvidence`): term i's points go to points[i] and its input value to values[i] (booleans
 * as 1 or 0); bias b's confidence before clipping to confidence[b], its rounded score,
 * confidence and strength to score[b], roundedConfidence[b] and strength[b].
 * The nine formulas share one call site on purpose: V8 then optimises each formula on its own.
 * Inlined all into one caller they exceed V8's inlining budget, and every `ramp` left as a call
 * boxes its numbers on the heap. Each formula scores its own bias from the points it just
 * wrote, rather than a second loop over the terms reading the table of where each bias starts.
 */
export function computeBiasScores(r: CustomerRecord, s: BiasScratch): void {
  for (let b = 0; b < BIAS_COUNT; b++) BIAS_FORMULAS[b]!(r, s);
}

/**
 * Scratch space of the scoring loop: numbers only, reused for every row. Scoring is
 * single-threaded and never calls back into other code, so it cannot be re-entered.
 */
export interface BiasScratch {
  /** Per term: points, input value (booleans as 1 or 0), rounded contribution. */
  readonly points: Float64Array;
  readonly values: Float64Array;
  readonly contribution: Float64Array;
  /** Per bias: confidence before rounding, then the rounded score, confidence and strength. */
  readonly confidence: Float64Array;
  readonly score: Float64Array;
  readonly roundedConfidence: Float64Array;
  readonly strength: Float64Array;
  /** Per bias: the terms that added points, largest first, in order[start..start + count). */
  readonly order: Int32Array;
  readonly count: Int32Array;
}

export const createScratch = (): BiasScratch => ({
  points: new Float64Array(TERM_COUNT),
  values: new Float64Array(TERM_COUNT),
  contribution: new Float64Array(TERM_COUNT),
  confidence: new Float64Array(BIAS_COUNT),
  score: new Float64Array(BIAS_COUNT),
  roundedConfidence: new Float64Array(BIAS_COUNT),
  strength: new Float64Array(BIAS_COUNT),
  order: new Int32Array(TERM_COUNT),
  count: new Int32Array(BIAS_COUNT),
});

/**
 * Scores bias b from the sum of its terms' points, numbers only: score = the sum rounded to
 * 2 decimals (clipped to 0-100), confidence rounded to 2 decimals, strength = score x confidence.
 */
function scoreBias(s: BiasScratch, b: number, total: number, confidence: number): void {
  const score = round2(clip(total, 0, 100));
  const rounded = round2(clip01(confidence));
  s.confidence[b] = confidence;
  s.score[b] = score;
  s.roundedConfidence[b] = rounded;
  s.strength[b] = score * rounded;
}

/**
 * The evidence of bias b: each term's rounded contribution and the order of the terms that
 * added points (largest rounded contribution first, formula order on ties). Separate from
 * the scores because the import path needs it for the lead bias only.
 */
export function orderEvidence(b: number, s: BiasScratch): void {
  const start = BIAS_TERM_START[b]!;
  const end = BIAS_TERM_START[b + 1]!;
  const points = s.points;
  const contribution = s.contribution;
  const order = s.order;
  let k = 0;
  for (let i = start; i < end; i++) {
    const c = round2(points[i]!);
    contribution[i] = c;
    if (!(c > 0)) continue;
    // Insertion into order[start .. start + k): later terms pass only smaller contributions.
    let j = start + k;
    while (j > start && contribution[order[j - 1]!]! < c) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = i;
    k++;
  }
  s.count[b] = k;
}

/** Computes every bias for a row into the scratch, evidence included, numbers only. */
export function computeBiases(r: CustomerRecord, s: BiasScratch): void {
  computeBiasScores(r, s);
  for (let b = 0; b < BIAS_COUNT; b++) orderEvidence(b, s);
}

/** Term index of the n-th piece of evidence of bias b (n = 0, 1), or -1. */
export const evidenceTerm = (s: BiasScratch, b: number, n: number): number =>
  n < s.count[b]! ? s.order[BIAS_TERM_START[b]! + n]! : -1;

/** Text `kind` of term i for row r, from the scratch the row was scored into. */
export function termText(s: BiasScratch, r: CustomerRecord, i: number, kind: TextKind): string {
  const t = TERMS[i]!;
  const v = s.values[i]!;
  const byValue = t.byValue;
  return byValue !== null ? byValue[kind]!.get(v) : t.texts.get(r, v, kind);
}

function evidenceItem(s: BiasScratch, r: CustomerRecord, i: number): BiasEvidence {
  const t = TERMS[i]!;
  const v = s.values[i]!;
  return {
    column: t.column,
    value: t.isBoolean ? v === 1 : v,
    contribution: s.contribution[i]!,
    explanation: termText(s, r, i, TEXT.explanation),
  };
}

/** The output object of bias b, from a scratch `computeBiases` filled for row r. */
export function buildBias(b: number, s: BiasScratch, r: CustomerRecord): BiasScore {
  const k = s.count[b]!;
  const o = BIAS_TERM_START[b]!;
  const order = s.order;
  let evidence: BiasEvidence[];
  if (k === 0) evidence = [];
  else if (k === 1) evidence = [evidenceItem(s, r, order[o]!)];
  else if (k === 2) evidence = [evidenceItem(s, r, order[o]!), evidenceItem(s, r, order[o + 1]!)];
  else {
    evidence = [
      evidenceItem(s, r, order[o]!),
      evidenceItem(s, r, order[o + 1]!),
      evidenceItem(s, r, order[o + 2]!),
    ];
    for (let n = 3; n < k; n++) evidence.push(evidenceItem(s, r, order[o + n]!));
  }
  return {
    bias_name: BIAS_NAMES[b]!,
    score: s.score[b]!,
    confidence: s.roundedConfidence[b]!,
    evidence,
  };
}

/**
 * Every bias of the row `computeBiases` wrote to the scratch, in BIAS_NAMES order. Unrolled
 * (one call per bias, no loop) because this runs for every row of an import.
 */
export function buildBiases(s: BiasScratch, r: CustomerRecord): BiasScore[] {
  return [
    buildBias(0, s, r),
    buildBias(1, s, r),
    buildBias(2, s, r),
    buildBias(3, s, r),
    buildBias(4, s, r),
    buildBias(5, s, r),
    buildBias(6, s, r),
    buildBias(7, s, r),
    buildBias(8, s, r),
  ];
}

const SCRATCH = createScratch();

/** Every bias, in BIAS_NAMES order. */
export function scoreBiases(r: CustomerRecord, s: BiasScratch = SCRATCH): BiasScore[] {
  computeBiases(r, s);
  return buildBiases(s, r);
}

function scoreOne(b: number, r: CustomerRecord): BiasScore {
  computeBiases(r, SCRATCH);
  return buildBias(b, SCRATCH, r);
}

export const overconfidence = (r: CustomerRecord): BiasScore => scoreOne(0, r);
export const herding = (r: CustomerRecord): BiasScore => scoreOne(1, r);
export const anchoring = (r: CustomerRecord): BiasScore => scoreOne(2, r);
export const lossAversion = (r: CustomerRecord): BiasScore => scoreOne(3, r);
export const dispositionEffect = (r: CustomerRecord): BiasScore => scoreOne(4, r);
export const homeBias = (r: CustomerRecord): BiasScore => scoreOne(5, r);
export const riskAversion = (r: CustomerRecord): BiasScore => scoreOne(6, r);
export const mentalAccounting = (r: CustomerRecord): BiasScore => scoreOne(7, r);
export const statusQuo = (r: CustomerRecord): BiasScore => scoreOne(8, r);

/** score x confidence, the 0-100 strength used to rank biases and to assign segments. */
export const biasStrength = (b: BiasScore): number => b.score * b.confidence;

/**
 * Indices of the three strongest biases into `strengths` / `scores`: by strength (score x
 * confidence), ties by the higher score, then by BIAS_NAMES order. Written to out[0..3).
 */
export function rankTop3(
  strengths: ArrayLike<number>,
  scores: ArrayLike<number>,
  out: Int32Array,
): void {
  let a = -1;
  let b = -1;
  let c = -1;
  for (let i = 0; i < strengths.length; i++) {
    // Most biases rank below the third: one compare. Not ahead of the third means not ahead of
    // the first two either (the order is transitive).
    if (c >= 0 && !ranksAhead(strengths, scores, i, c)) continue;
    if (a < 0 || ranksAhead(strengths, scores, i, a)) {
      c = b;
      b = a;
      a = i;
    } else if (b < 0 || ranksAhead(strengths, scores, i, b)) {
      c = b;
      b = i;
    } else {
      c = i;
    }
  }
  out[0] = a;
  out[1] = b;
  out[2] = c;
}

/** Bias x ranks ahead of bias y: stronger, or as strong with a higher score. */
function ranksAhead(
  strengths: ArrayLike<number>,
  scores: ArrayLike<number>,
  x: number,
  y: number,
): boolean {
  const sx = strengths[x]!;
  const sy = strengths[y]!;
  return sx > sy || (sx === sy && scores[x]! > scores[y]!);
}

/**
 * The three strongest biases: by score x confidence, ties by the higher score, then by
 * BIAS_NAMES order (the input order). Returns the same objects as `biases` (no copies).
 */
export function topBiases(biases: readonly BiasScore[]): BiasScore[] {
  const strengths = biases.map(biasStrength);
  const scores = biases.map((b) => b.score);
  const idx = new Int32Array(3);
  rankTop3(strengths, scores, idx);
  const out: BiasScore[] = [];
  for (const i of idx) if (i >= 0) out.push(biases[i]!);
  return out;
}
