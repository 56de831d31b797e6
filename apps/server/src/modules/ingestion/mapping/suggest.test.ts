import { describe, expect, it } from 'vitest';
import { customerTable, generateCustomers } from '../../../../test/fixtures/customer-files.js';
import { CRM_HEADERS, shuffled } from '../../../../test/fixtures/renamed-exports.js';
import { similarity, suggestMapping } from './suggest.js';

/** A core-banking export's names: abbreviations, units in brackets, other words. */
const CORE_BANKING_HEADERS: Record<string, string> = {
  customer_id: 'CIF No.',
  country_iso: 'Residence Ctry',
  age: 'Age (years)',
  risk_profile: 'MiFID Risk Class',
  knowledge_quiz_score: 'Appropriateness Test %',
  experience_years: 'Investing Experience (yrs)',
  cash_pct: 'Cash Weight',
  etf_pct: 'ETF Weight',
  single_stock_pct: 'Direct Equity Weight',
  days_since_last_trade: 'Days Idle',
  stop_loss_sell_cnt: 'Stop Loss Executions',
  days_since_loss_sell: 'Days Since Last Loss Realisation',
  leverage_ratio: 'Gearing',
  home_country_weight_pct: 'Domestic Allocation %',
  trade_turnover_30d_pct_peer: 'Peer Turnover Pctl (30d)',
  anchor_price_gap_pct: 'Gap to Avg Cost %',
  limit_orders_at_purchase_px: 'Limit@Cost Flag',
  social_hype_score: 'Social Buzz Index',
  days_since_hype_peak: 'Days From Buzz Peak',
  positive_news_sentiment_7d: 'Sentiment Score (7d)',
  news_clicks_7d: 'News Article Clicks (7d)',
  gain_takes: 'Profit Realisations',
  loss_takes: 'Loss Realisations',
  rebalances_ytd: 'Rebalancing Events YTD',
  num_sub_accounts: 'No. of Sub Accounts',
  averaging_down_trades: 'Dip Buys',
  days_since_last_average_down: 'Days Since Last Dip Buy',
  max_drawdown_pct: 'Max DD %',
  aum: 'AUM (EUR)',
  revenue_12m: 'Fee Revenue (12m)',
};

/** The headers of a generated export with these names, with their first values. */
function headersOf(rename: Record<string, string>, options: { optional?: boolean } = {}) {
  const table = shuffled(
    customerTable(generateCustomers(5, { seed: 4, optional: options.optional ?? true }), {
      optional: options.optional ?? true,
      rename,
    }),
  );
  return table.header.map((header, i) => ({
    header,
    samples: table.rows.map((r) => (r[i] === null ? '' : String(r[i]))),
  }));
}
const suggested = (headers: ReturnType<typeof headersOf>) =>
  Object.fromEntries(suggestMapping(headers).map((s) => [s.column, s.header]));

describe('suggestMapping', () => {
  it.each([
    ['a CRM', CRM_HEADERS],
    ['a core-banking system', CORE_BANKING_HEADERS],
  ])('finds every column of %s export', (_, names) => {
    expect(suggested(headersOf(names))).toEqual(names);
  });

  it('is sure of a header that spells the column, less of a synonym, least of a guess', () => {
    const suggestions = suggestMapping(
      headersOf({ customer_id: 'Customer ID', age: 'Client Age', etf_pct: 'ETF Allocation %%' }),
    );
    const of = (column: string) => suggestions.find((s) => s.column === column)!;
    expect(of('customer_id').confidence).toBe(1);
    expect(of('age').confidence).toBe(0.9);
    expect(of('etf_pct').confidence).toBeGreaterThan(0.35);
    expect(of('etf_pct').confidence).toBeLessThan(0.9);
  });

  it('reads a column of three-letter codes as the country, whatever its name', () => {
    const headers = headersOf({ country_iso: 'Zone' });
    expect(suggested(headers).country_iso).toBe('Zone');
    const countryIsNot = headersOf({ country_iso: 'Zone' }).map((h) =>
      h.header === 'Zone' ? { ...h, samples: h.samples.map(() => 'Great Britain') } : h,
    );
    expect(suggested(countryIsNot).country_iso).toBeNull();
  });

  it('suggests nothing for a column no header fits, and each header once', () => {
    const headers = headersOf({ aum: 'Colour', revenue_12m: 'Shoe size' });
    const suggestions = suggestMapping(headers);
    expect(suggestions.find((s) => s.column === 'aum')).toMatchObject({
      header: null,
      confidence: 0,
      required: false,
    });
    const used = suggestions.flatMap((s) => (s.header ? [s.header] : []));
    expect(new Set(used).size).toBe(used.length);
  });
});

describe('similarity', () => {
  it('is 1 for equal names, 0 for nothing shared, in between for alike ones', () => {
    expect(similarity('cashpct', 'cashpct')).toBe(1);
    expect(similarity('cash', 'zzzz')).toBe(0);
    const alike = similarity('daysidle', 'daysinactive');
    expect(alike).toBeGreaterThan(0.3);
    expect(alike).toBeLessThan(1);
  });
});
