import type { CustomerRecord } from '@behavio/contract';

/**
 * Deterministic generator of realistic customer rows for the benchmark and the distribution
 * tests. Behaviours cluster through a latent investor style (ordinary, active trader, trend
 * follower, cautious, loss holder); the turnover column is a peer percentile, so it is uniform.
 */

/** mulberry32: a small, fast, seeded 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES: readonly [string, number][] = [
  ['GBR', 24],
  ['USA', 18],
  ['DEU', 9],
  ['FRA', 7],
  ['CHE', 5],
  ['NLD', 4],
  ['IND', 5],
  ['SGP', 4],
  ['AUS', 4],
  ['CAN', 4],
  ['JPN', 3],
  ['ESP', 3],
  ['ITA', 3],
  ['SWE', 2],
  ['ARE', 2],
  ['ZAF', 1],
  ['HKG', 1],
  ['XKX', 1],
];
const COUNTRY_TOTAL = COUNTRIES.reduce((s, [, w]) => s + w, 0);

type Style = 'ordinary' | 'trader' | 'follower' | 'cautious' | 'holder';

export function createCustomerGenerator(seed = 42): (index: number) => CustomerRecord {
  const rnd = mulberry32(seed);
  const uniform = (a: number, b: number) => a + (b - a) * rnd();
  const normal = (mean: number, sd: number) => {
    // Box-Muller; 1 - rnd() avoids log(0).
    const u = 1 - rnd();
    const v = rnd();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  const exp = (mean: number) => -mean * Math.log(1 - rnd());
  const int = (x: number) => Math.round(x);
  const dec = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
  const geometric = (mean: number) => int(exp(mean));
  const pickCountry = () => {
    let pick = rnd() * COUNTRY_TOTAL;
    for (const [code, w] of COUNTRIES) {
      pick -= w;
      if (pick < 0) return code;
    }
    return 'GBR';
  };
  const style = (): Style => {
    const u = rnd();
    return u < 0.45
      ? 'ordinary'
      : u < 0.59
        ? 'trader'
        : u < 0.72
          ? 'follower'
          : u < 0.87
            ? 'cautious'
            : 'holder';
  };

  return (index: number): CustomerRecord => {
    const s = style();
    const country = pickCountry();
    const trader = s === 'trader';
    const follower = s === 'follower';
    const cautious = s === 'cautious';
    const holder = s === 'holder';
    const age = int(clamp(normal(cautious ? 58 : trader ? 38 : 46, 13), 18, 90));
    const riskProfile = int(clamp(normal(cautious ? 3 : trader ? 7.5 : 5.5, 1.8), 1, 10));
    const quiz = int(clamp(normal(trader ? 50 : 62, 20), 0, 100));
    const experience = dec(clamp(uniform(0, 0.8) * (age - 18), 0, 60), 1);
    const cash = dec(clamp(normal(cautious ? 60 : 40 - 3 * riskProfile, 15), 0, 100), 1);
    const rest = 100 - cash;
    const stockShare = clamp(normal((trader ? 0.4 : 0.06) + 0.04 * riskProfile, 0.2), 0, 1);
    const single = dec(rest * stockShare, 1);
    const etf = dec((rest - single) * uniform(0.3, 1), 1);
    const levered = rnd() < (trader ? 0.45 : 0.08);
    const leverage = levered ? dec(Math.min(6, 1 + exp(0.6)), 2) : rnd() < 0.06 ? 0 : 1;
    const lossSales = geometric(cautious || holder ? 2 : 0.8);
    const hype = int(clamp(100 * rnd() ** (follower ? 0.4 : 1.8), 0, 100));
    const averagingDown = holder ? 1 + geometric(2.5) : rnd() < 0.35 ? 1 + geometric(1) : 0;
    return {
      customer_id: `C-${index + 1}`,
      country_iso: country,
      age,
      risk_profile: riskProfile,
      knowledge_quiz_score: quiz,
      experience_years: experience,
      cash_pct: cash,
      etf_pct: etf,
      single_stock_pct: single,
      days_since_last_trade: int(cautious ? exp(180) : exp(trader ? 4 : 35)),
      stop_loss_sell_cnt: lossSales,
      days_since_loss_sell: int(exp(lossSales > 0 ? 45 : 400)),
      leverage_ratio: leverage,
      home_country_weight_pct: int(
        clamp(country === 'USA' ? normal(75, 12) : normal(45, 22), 0, 100),
      ),
      trade_turnover_30d_pct_peer: int(
        clamp(trader ? uniform(55, 100) : cautious ? uniform(0, 45) : uniform(0, 100), 0, 100),
      ),
      anchor_price_gap_pct: dec(clamp(normal(holder ? -30 : 3, 20), -95, 400), 1),
      limit_orders_at_purchase_px: rnd() < (holder ? 0.55 : 0.12),
      social_hype_score: hype,
      days_since_hype_peak: int(exp(follower ? 8 : 35)),
      positive_news_sentiment_7d: dec(clamp(normal(follower ? 0.35 : 0.05, 0.3), -1, 1), 2),
      news_clicks_7d: geometric(follower ? 30 : 6),
      gain_takes: geometric(trader ? 12 : holder ? 8 : 3),
      loss_takes: geometric(holder ? 1 : trader ? 6 : 2),
      rebalances_ytd: rnd() < (cautious ? 0.75 : 0.3) ? 0 : 1 + geometric(1.5),
      num_sub_accounts: 1 + geometric(trader ? 2 : 0.8),
      averaging_down_trades: averagingDown,
      days_since_last_average_down: int(exp(averagingDown > 0 ? 40 : 300)),
      max_drawdown_pct: -dec(
        clamp(((single + 0.6 * etf) / 100) * normal(35, 12) * Math.max(1, leverage), 0, 95),
        1,
      ),
      aum: rnd() < 0.3 ? int(Math.exp(normal(12, 1.5))) : null,
      revenue_12m: rnd() < 0.2 ? int(Math.exp(normal(7.5, 1.3))) : null,
    };
  };
}

/** n rows from a seed. */
export function generateCustomers(n: number, seed = 42): CustomerRecord[] {
  const next = createCustomerGenerator(seed);
  const rows = new Array<CustomerRecord>(n);
  for (let i = 0; i < n; i++) rows[i] = next(i);
  return rows;
}
