import type { ProductCategory, ProductNeed } from '@behavio/contract';
import { drawdownOf } from '../facts.js';
import { figure, ramp, upTo, type Situation } from './situation.js';

/**
 * The links from a customer's situation to a kind of product. Each rule says which need it
 * measures, which categories can meet it, how well a product of those categories fits (0-1),
 * and a sentence with the customer's own figures saying why. The research behind each rule is
 * in docs/insights-model.md, section 17.
 */
export interface NeedRule {
  readonly name: string;
  readonly need: ProductNeed;
  readonly categories: readonly ProductCategory[];
  /** 0-1: how strongly the situation calls for a product meeting this need. */
  readonly fit: (s: Situation) => number;
  /** Why, in plain words with the customer's figures (read only when the fit is above 0). */
  readonly reason: (s: Situation) => string;
}

/** Leverage at or above this: no credit product is ever recommended (a hard gate). */
export const NO_NEW_CREDIT_LEVERAGE = 1.5;

const invested = (s: Situation) => s.customer.etf_pct + s.customer.single_stock_pct;
const drawdown = (s: Situation) => -s.customer.max_drawdown_pct;
/** How cautious the customer's behaviour is: the stronger of status quo and risk aversion. */
const caution = (s: Situation) =>
  upTo(Math.max(s.strength.status_quo, s.strength.risk_aversion), 60);

const idleCashWithCaution: NeedRule = {
  name: 'idle cash, cautious: savings',
  need: 'idle_cash',
  categories: ['savings'],
  fit: (s) => ramp(s.customer.cash_pct, 15, 50) * (0.5 + 0.5 * caution(s)),
  reason: (s) => {
    const c = s.customer;
    const why =
      s.strength.status_quo >= s.strength.risk_aversion
        ? `no trade for ${c.days_since_last_trade} days`
        : `a stated risk profile of ${figure(c.risk_profile)}/10`;
    return `${figure(c.cash_pct)}% of the portfolio is in cash, with ${why}: a savings product earns interest on it without market risk.`;
  },
};

const idleCashWithAppetite: NeedRule = {
  name: 'idle cash, risk appetite: investment',
  need: 'idle_cash',
  categories: ['investment'],
  fit: (s) =>
    ramp(s.customer.cash_pct, 15, 50) *
    ramp(s.customer.risk_profile, 3, 7) *
    (1 - 0.5 * upTo(s.strength.loss_aversion, 60)),
  reason: (s) =>
    `${figure(s.customer.cash_pct)}% of the portfolio is in cash against a stated risk profile of ${figure(s.customer.risk_profile)}/10: investing part of it, in steps, matches the appetite the customer stated.`,
};

const deleveraging: NeedRule = {
  name: 'leverage: pay it down',
  need: 'deleveraging',
  categories: ['savings', 'investment'],
  fit: (s) =>
    ramp(s.customer.leverage_ratio, 1, 2) * (0.7 + 0.3 * upTo(s.strength.mental_accounting, 40)),
  reason: (s) => {
    const c = s.customer;
    const cash = c.cash_pct >= 10 ? ` while ${figure(c.cash_pct)}% sits in cash` : '';
    return `Leverage of ${figure(c.leverage_ratio)}x${cash}: paying the borrowing down cuts both the interest and the risk of a forced sale.`;
  },
};

const concentrationFit = (s: Situation) =>
  ramp(s.customer.single_stock_pct, 20, 60) * (0.75 + 0.25 * upTo(s.strength.overconfidence, 50));
const concentrationReason = (s: Situation) =>
  `${figure(s.customer.single_stock_pct)}% of the portfolio is in single stocks: a diversified fund lowers the damage one company's fall can do.`;

/** The home-bias strength against its largest possible value (confidence is capped at 0.7). */
const homeBiasFit = (s: Situation) => upTo(s.strength.home_bias, 70);
const homeBiasReason = (s: Situation) =>
  `${figure(s.customer.home_country_weight_pct)}% of the invested portfolio is in the home market (${s.customer.country_iso.trim().toUpperCase()}), far above its share of world markets: a global fund spreads it.`;

const concentration: NeedRule = {
  name: 'single-stock concentration: diversified funds',
  need: 'concentration',
  categories: ['investment'],
  fit: concentrationFit,
  reason: concentrationReason,
};

const homeBias: NeedRule = {
  name: 'home bias: global funds',
  need: 'home_bias',
  categories: ['investment'],
  fit: homeBiasFit,
  reason: homeBiasReason,
};

const diversification: NeedRule = {
  name: 'undiversified: diversified funds',
  need: 'diversification',
  categories: ['investment'],
  fit: (s) => Math.max(concentrationFit(s), homeBiasFit(s)),
  reason: (s) =>
    concentrationFit(s) >= homeBiasFit(s) ? concentrationReason(s) : homeBiasReason(s),
};

const liquidity: NeedRule = {
  name: 'no cash buffer: a credit line',
  need: 'liquidity',
  categories: ['credit_card', 'loan'],
  fit: (s) =>
    ramp(s.customer.cash_pct, 10, 1) *
    (1 - ramp(s.customer.leverage_ratio, 1, NO_NEW_CREDIT_LEVERAGE)),
  reason: (s) =>
    `Only ${figure(s.customer.cash_pct)}% of the portfolio is in cash, at a leverage of ${figure(s.customer.leverage_ratio)}x: a credit line covers a short-term need without selling investments at a bad moment.`,
};

const longTermGrowth: NeedRule = {
  name: 'long horizon, under-invested: regular investing',
  need: 'long_term_growth',
  categories: ['investment'],
  fit: (s) =>
    ramp(s.customer.age, 65, 35) *
    ramp(s.customer.risk_profile, 3, 7) *
    (0.4 + 0.6 * ramp(invested(s), 70, 30)),
  reason: (s) =>
    `Aged ${s.customer.age} with a stated risk profile of ${figure(s.customer.risk_profile)}/10 and ${figure(invested(s))}% in funds and shares: a long horizon favours regular long-term investing.`,
};

const income: NeedRule = {
  name: 'near or in retirement: income',
  need: 'income',
  categories: ['savings', 'investment'],
  fit: (s) => ramp(s.customer.age, 55, 70) * (0.6 + 0.4 * upTo(s.strength.risk_aversion, 60)),
  reason: (s) =>
    `Aged ${s.customer.age} with a stated risk profile of ${figure(s.customer.risk_profile)}/10: a regular income from the savings matters more now than growth.`,
};

const protection: NeedRule = {
  name: 'deep drawdown, loss-averse: capital protection',
  need: 'protection',
  categories: ['savings', 'investment'],
  fit: (s) => ramp(drawdown(s), 15, 40) * (0.4 + 0.6 * upTo(s.strength.loss_aversion, 50)),
  reason: (s) => {
    const n = s.customer.stop_loss_sell_cnt;
    const sales = n > 0 ? ` and ${n} stop-loss sale${n === 1 ? '' : 's'}` : '';
    return `${drawdownOf(drawdown(s), true)}${sales}: a capital-protected product caps the next loss, so a further fall need not end in a panic sale.`;
  },
};

const managedInvesting: NeedRule = {
  name: 'overconfident heavy trading: managed or rules-based',
  need: 'managed_investing',
  categories: ['investment'],
  fit: (s) =>
    ramp(s.customer.trade_turnover_30d_pct_peer, 50, 95) *
    (0.4 + 0.6 * upTo(s.strength.overconfidence, 50)),
  reason: (s) =>
    `Turnover at the ${figure(s.customer.trade_turnover_30d_pct_peer)}th percentile of peers with an overconfidence score of ${figure(s.score.overconfidence)}: a managed or rules-based portfolio takes the trading decisions off the table.`,
};

/** Every rule, in the order the model card lists them (also the order of equal reasons). */
export const NEED_RULES: readonly NeedRule[] = [
  idleCashWithCaution,
  idleCashWithAppetite,
  deleveraging,
  concentration,
  homeBias,
  diversification,
  liquidity,
  longTermGrowth,
  income,
  protection,
  managedInvesting,
];
