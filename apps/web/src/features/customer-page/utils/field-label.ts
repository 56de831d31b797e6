/** Words of the file's column names that read better written out ("etf_pct" → "ETF %"). */
const WORDS: Record<string, string> = {
  pct: '%',
  iso: 'ISO',
  etf: 'ETF',
  cnt: 'count',
  px: 'price',
  ytd: 'this year',
  aum: 'AUM',
  '7d': '(7 days)',
  '30d': '(30 days)',
  '12m': '(12 months)',
};

/** A column of the customers file as a label: "trade_turnover_30d_pct_peer" → "Trade turnover (30 days) % peer". */
export function fieldLabel(column: string): string {
  const words = column.split('_').map((word) => WORDS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
