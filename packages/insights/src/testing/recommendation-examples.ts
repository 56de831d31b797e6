import { DEFAULT_SHELF, type CustomerRecord, type ShelfProduct } from '@behavio/contract';
import { scoreCustomerCompact } from '../score.js';
import { productFit, recommendProducts, type OutcomeRecord } from '../recommendations/recommend.js';
import { situationOf } from '../recommendations/situation.js';
import { BALANCED_INVESTOR } from './personas.js';

/**
 * The worked examples of the recommendations section of docs/insights-model.md, rendered from
 * the model's own output on the default shelf (`recommendation-examples.test.ts` keeps the doc
 * equal to this; `npx tsx packages/insights/scripts/update-model-doc.ts` rewrites it).
 */
const SHELF: ShelfProduct[] = DEFAULT_SHELF.map((p, i) => ({
  ...p,
  product_id: `P${String(i + 1).padStart(2, '0')}`,
}));
const AS_OF = '2026-06-01T00:00:00Z';

interface Example {
  readonly title: string;
  readonly customer: CustomerRecord;
  readonly outcomes: readonly OutcomeRecord[];
}

const EXAMPLES = {
  'idle-cash': {
    title: 'Example R1: idle cash, a cautious customer who never trades',
    customer: {
      ...BALANCED_INVESTOR,
      customer_id: 'R-IDLE-CASH',
      age: 58,
      risk_profile: 2,
      cash_pct: 65,
      etf_pct: 30,
      single_stock_pct: 5,
      days_since_last_trade: 420,
      rebalances_ytd: 0,
      aum: 120_000,
    },
    outcomes: [],
  },
  leveraged: {
    title: 'Example R2: leveraged while holding cash (no new credit), one product declined',
    customer: {
      ...BALANCED_INVESTOR,
      customer_id: 'R-LEVERAGED',
      leverage_ratio: 2.2,
      cash_pct: 25,
      etf_pct: 50,
      single_stock_pct: 25,
      aum: 60_000,
    },
    outcomes: [{ product_id: 'P04', outcome: 'declined', recorded_at: '2026-05-10T09:30:00Z' }],
  },
  trader: {
    title: 'Example R3: an overconfident heavy trader, concentrated, at home',
    customer: {
      ...BALANCED_INVESTOR,
      customer_id: 'R-TRADER',
      age: 33,
      risk_profile: 9,
      knowledge_quiz_score: 30,
      experience_years: 1,
      trade_turnover_30d_pct_peer: 98,
      single_stock_pct: 55,
      etf_pct: 35,
      cash_pct: 10,
      home_country_weight_pct: 85,
      gain_takes: 30,
      loss_takes: 20,
      aum: null,
    },
    outcomes: [],
  },
} satisfies Record<string, Example>;

export type RecommendationExampleId = keyof typeof EXAMPLES;
export const RECOMMENDATION_EXAMPLES = Object.keys(EXAMPLES) as RecommendationExampleId[];

const READ_COLUMNS = [
  'country_iso',
  'age',
  'risk_profile',
  'knowledge_quiz_score',
  'experience_years',
  'cash_pct',
  'etf_pct',
  'single_stock_pct',
  'leverage_ratio',
  'home_country_weight_pct',
  'trade_turnover_30d_pct_peer',
  'days_since_last_trade',
  'stop_loss_sell_cnt',
  'max_drawdown_pct',
  'aum',
] as const satisfies readonly (keyof CustomerRecord)[];

export function renderRecommendationExample(id: RecommendationExampleId): string {
  const { title, customer, outcomes } = EXAMPLES[id] as Example;
  const biases = scoreCustomerCompact(customer).biases;
  const situation = situationOf(customer, biases);
  const result = recommendProducts({ customer, biases, shelf: SHELF, outcomes, asOf: AS_OF });
  const excluded = new Map(result.excluded.map((e) => [e.product_id, e.reasons]));
  const figures = READ_COLUMNS.map((c) => `${c} ${customer[c] ?? 'not given'}`).join(', ');
  const strengths = biases
    .map((b) => `${b.bias_name} ${(b.score * b.confidence).toFixed(2)}`)
    .join(', ');
  const history =
    outcomes.length === 0
      ? 'none'
      : outcomes.map((o) => `${o.product_id} ${o.outcome} on ${String(o.recorded_at)}`).join('; ');
  const rows = SHELF.map((p) => {
    const reasons = excluded.get(p.product_id);
    const gate = reasons ? `excluded: ${reasons.join('; ')}` : 'passes';
    const fit = reasons ? '-' : productFit(situation, p).toFixed(2);
    const rank = reasons ? '-' : (productFit(situation, p) * p.weight).toFixed(2);
    return `| ${p.product_id} ${p.name} | ${p.category} | ${p.weight} | ${gate} | ${fit} | ${rank} |`;
  });
  const recommended = result.recommended.map(
    (r, i) =>
      `${i + 1}. **${r.name}** (fit ${r.fit_score.toFixed(2)}, rank ${r.rank_score.toFixed(2)})\n` +
      r.reasons.map((reason) => `   - reason: "${reason}"`).join('\n') +
      `\n   - eligibility: "${r.eligibility}"` +
      `\n   - suitability: "${r.suitability}"`,
  );
  const p = result.profile;
  const flags = p.vulnerability_flags.map((f) => f.flag).join(', ') || 'none';
  return [
    `#### ${title} (\`${customer.customer_id}\`)`,
    `Figures the rules read: ${figures}.`,
    `Bias strengths from the bias engine (score x confidence): ${strengths}.`,
    `History: ${history}; as of ${AS_OF}.`,
    `Suitability profile: knowledge ${p.knowledge_level}, risk tolerance ${p.risk_tolerance}, capacity for loss ${p.capacity_for_loss}, horizon ${p.horizon_years} years, flags ${flags}, needs review ${p.needs_review ? 'yes' : 'no'}.`,
    '| product | category | weight | gate | fit | fit x weight |\n| --- | --- | --- | --- | --- | --- |\n' +
      rows.join('\n'),
    `Recommended:\n\n${recommended.join('\n')}`,
  ].join('\n\n');
}

export const recommendationMarkerStart = (id: string) =>
  `<!-- recommendation-example:${id}:start -->`;
export const recommendationMarkerEnd = (id: string) => `<!-- recommendation-example:${id}:end -->`;

/** Replaces the text between each example's markers with a fresh rendering. */
export function updateRecommendationExamples(doc: string): string {
  let out = doc;
  for (const id of RECOMMENDATION_EXAMPLES) {
    const start = out.indexOf(recommendationMarkerStart(id));
    const end = out.indexOf(recommendationMarkerEnd(id));
    if (start < 0 || end < start)
      throw new Error(`markers for recommendation example ${id} not found`);
    out =
      out.slice(0, start + recommendationMarkerStart(id).length) +
      '\n\n' +
      renderRecommendationExample(id) +
      '\n\n' +
      out.slice(end);
  }
  return out;
}
