import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type CustomerRecord } from '@behavio/contract';
import { evaluateBiases, termResults } from '../evaluate.js';
import {
  aumPoints,
  concentrationRisk,
  customerValueProxy,
  drawdownRisk,
  impliedRisk,
  leverageRisk,
  mismatchRisk,
  revenuePoints,
  riskMismatch,
} from '../breakdown.js';
import { decay, ramp } from '../math.js';
import { BIAS_TIMING, RISK_TIMING, freshEventOnHighRisk, timingFactor } from '../priority.js';
import { scoreCustomer } from '../score.js';
import { confidenceFormula, confidenceInputs, termFormula, termInputs } from './model-doc.js';
import {
  ANCHORED_HOLDER,
  CAUTIOUS_SAVER,
  HERD_FOLLOWER,
  OVERCONFIDENT_TRADER,
} from './personas.js';

/**
 * Renders a worked example of the model for docs/insights-model.md: every input, every term,
 * every intermediate figure and every output, computed by the engine itself. The doc embeds
 * the rendered text between markers and a test re-renders it, so the doc cannot drift from the
 * code (`npx tsx packages/insights/scripts/update-model-doc.ts` rewrites it).
 */

const f2 = (x: number): string => (Object.is(x, -0) ? 0 : x).toFixed(2);
const f4 = (x: number): string => x.toFixed(4);
const v = (x: number | boolean | string | null): string => String(x);

export function renderWorkedExample(title: string, r: CustomerRecord): string {
  const i = scoreCustomer(r);
  const biases = evaluateBiases(r);
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);

  out(`#### ${title} (\`${r.customer_id}\`)`);
  out();
  out('Inputs:');
  out();
  const columns = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => c.name);
  out('| column | value | column | value | column | value |');
  out('|---|---|---|---|---|---|');
  for (let k = 0; k < columns.length; k += 3) {
    const cells = columns.slice(k, k + 3).map((c) => `${c} | ${v(r[c])}`);
    while (cells.length < 3) cells.push(' | ');
    out(`| ${cells.join(' | ')} |`);
  }
  out();
  out('Bias terms (points before rounding to 2 decimals):');
  out();
  out('| bias | term | input | points |');
  out('|---|---|---|---|');
  for (const b of biases) {
    for (const t of termResults(b.bias, r)) {
      out(
        `| ${b.bias.name} | ${termFormula(t.term)} | ${termInputs(t.term, r)} | ${f4(t.points)} |`,
      );
    }
  }
  out();
  out('| bias | score | confidence | strength s = score x confidence |');
  out('|---|---|---|---|');
  for (const b of biases) {
    const c = b.bias.confidence;
    const inputs = confidenceInputs(c, r);
    const confidence = `${confidenceFormula(c)}${inputs === '' ? '' : ` with ${inputs}`} = ${f4(b.exactConfidence)}`;
    out(
      `| ${b.bias.name} | ${f2(b.score)} | ${confidence} -> ${f2(b.confidence)} | ${f2(b.strength)} |`,
    );
  }
  out();
  const st = i.top_biases.map((b) => b.score * b.confidence);
  out(
    `Top biases: ${i.top_biases.map((b, k) => `${b.bias_name} (s = ${f2(st[k]!)})`).join(', ')}.`,
  );
  out();
  out('Breakdown:');
  out();
  const [s1 = 0, s2 = 0, s3 = 0] = st;
  out(
    `- bias_severity = min(10, (0.6 x ${f2(s1)} + 0.4 x (${f2(s1)} + ${f2(s2)} + ${f2(s3)}) / 3) / 8) = **${f2(i.breakdown.bias_severity)}**`,
  );
  const other = Math.max(0, 100 - r.cash_pct - r.etf_pct - r.single_stock_pct);
  const l = leverageRisk(r);
  const c = concentrationRisk(r);
  const d = drawdownRisk(r);
  const m = mismatchRisk(r);
  out(
    `- implied risk = 1 + 9 x clip01((${r.single_stock_pct} + 0.6 x ${r.etf_pct} + 0.3 x ${f2(other)}) / 100) = ${f4(impliedRisk(r))}; risk mismatch against risk_profile ${r.risk_profile} = ${f4(riskMismatch(r))}`,
  );
  out(
    `- risk signals: leverage r(${r.leverage_ratio}, 1, 2) = ${f2(l)}, concentration r(${r.single_stock_pct}, 20, 60) = ${f2(c)}, drawdown r(${-r.max_drawdown_pct}, 15, 40) = ${f2(d)}, mismatch r(${f4(riskMismatch(r))}, 2, 5) = ${f2(m)}`,
  );
  const weighted = 0.3 * l + 0.25 * c + 0.25 * d + 0.2 * m;
  out(
    `- risk_urgency = (0.5 x ${f2(Math.max(l, c, d, m))} + 0.5 x (0.3 x ${f2(l)} + 0.25 x ${f2(c)} + 0.25 x ${f2(d)} + 0.2 x ${f2(m)})) / 10 = (0.5 x ${f2(Math.max(l, c, d, m))} + 0.5 x ${f2(weighted)}) / 10 = **${f2(i.breakdown.risk_urgency)}**`,
  );
  const hype = decay(r.days_since_hype_peak, 14) * (ramp(r.social_hype_score, 40, 80) / 100);
  const lossSale = r.stop_loss_sell_cnt + r.loss_takes > 0 ? decay(r.days_since_loss_sell, 30) : 0;
  const avgDown = r.averaging_down_trades > 0 ? decay(r.days_since_last_average_down, 30) : 0;
  out(
    `- time_sensitivity = 10 x max(hype d(${r.days_since_hype_peak}, 14) x r(${r.social_hype_score}, 40, 80)/100 = ${f4(hype)}, loss sale ${r.stop_loss_sell_cnt + r.loss_takes > 0 ? `d(${r.days_since_loss_sell}, 30)` : 'none'} = ${f4(lossSale)}, averaging down ${r.averaging_down_trades > 0 ? `d(${r.days_since_last_average_down}, 30)` : 'none'} = ${f4(avgDown)}) = **${f2(i.breakdown.time_sensitivity)}**`,
  );
  const proxy = customerValueProxy(r);
  const cvParts = [
    `proxy = 0.4 x r(${r.num_sub_accounts}, 1, 5) + 0.3 x r(${r.experience_years}, 2, 20) + 0.3 x ${r.trade_turnover_30d_pct_peer} = ${f2(proxy)}`,
  ];
  let total = 0.15 * proxy;
  let weight = 0.15;
  const terms = [`0.15 x ${f2(proxy)}`];
  if (r.aum !== null) {
    const a = aumPoints(r.aum);
    cvParts.push(`aum points r(log10 ${r.aum}, 4, 7) = ${f2(a)}`);
    total += 0.35 * a;
    weight += 0.35;
    terms.push(`0.35 x ${f2(a)}`);
  }
  if (r.revenue_12m !== null) {
    const rv = revenuePoints(r.revenue_12m);
    cvParts.push(`revenue points r(log10 ${r.revenue_12m}, 2, 5) = ${f2(rv)}`);
    total += 0.5 * rv;
    weight += 0.5;
    terms.push(`0.5 x ${f2(rv)}`);
  }
  out(
    `- customer_value (basis \`${i.customer_value_basis}\`): ${cvParts.join('; ')}; (${terms.join(' + ')}) / ${f2(weight)} / 10 = ${f4(total / weight / 10)} = **${f2(i.breakdown.customer_value)}**`,
  );
  out();
  const b = i.breakdown;
  const timedBias = b.bias_severity * timingFactor(BIAS_TIMING, b.time_sensitivity);
  const timedRisk = b.risk_urgency * timingFactor(RISK_TIMING, b.time_sensitivity);
  const floored = freshEventOnHighRisk(b.time_sensitivity, b.risk_urgency)
    ? `; a fresh event (time_sensitivity ${f2(b.time_sensitivity)} >= 7) on a high-risk portfolio (risk_urgency ${f2(b.risk_urgency)} > 6): at least 8`
    : '';
  out(
    `Priority: b = ${f2(b.bias_severity)} x (0.4 + 0.6 x ${f2(b.time_sensitivity)} / 10) = ${f4(timedBias)}, r = ${f2(b.risk_urgency)} x (0.6 + 0.4 x ${f2(b.time_sensitivity)} / 10) = ${f4(timedRisk)}; max(b, r) + 0.3 x min(b, r) + 0.05 x ${f2(b.customer_value)} = ${f4(Math.max(timedBias, timedRisk) + 0.3 * Math.min(timedBias, timedRisk) + 0.05 * b.customer_value)}${floored} = **${f2(i.priority_score)}**; urgency **${i.urgency_level}**; risk level **${i.risk_level}** (risk_urgency ${f2(b.risk_urgency)}).`,
  );
  out();
  const lead = i.top_biases[0]!;
  out(
    `Segment: the strongest bias is ${lead.bias_name} (s = ${f2(st[0]!)}, strong from 35) -> segment **${i.segment}**.`,
  );
  out();
  out(`- recommended_action: "${i.recommended_action}"`);
  out(`- why: "${i.why}"`);
  return lines.join('\n');
}

/** The examples the doc shows, in order. */
export const WORKED_EXAMPLES = [
  'overconfident',
  'anchored',
  'risk_averse',
  'herd_with_value',
] as const;
export type WorkedExampleId = (typeof WORKED_EXAMPLES)[number];

export const markerStart = (id: string) => `<!-- worked-example:${id}:start -->`;
export const markerEnd = (id: string) => `<!-- worked-example:${id}:end -->`;

/**
 * Formats the doc the way the repository's Prettier config does, so a regenerated doc passes
 * `prettier --check` and compares equal to the committed one.
 */
export async function formatDoc(text: string, path: string): Promise<string> {
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...config, parser: 'markdown' });
}

/** Replaces the text between each example's markers with a fresh rendering. */
export function updateWorkedExamples(doc: string, render: (id: WorkedExampleId) => string): string {
  let outDoc = doc;
  for (const id of WORKED_EXAMPLES) {
    const start = outDoc.indexOf(markerStart(id));
    const end = outDoc.indexOf(markerEnd(id));
    if (start < 0 || end < start) throw new Error(`markers for worked example ${id} not found`);
    outDoc =
      outDoc.slice(0, start + markerStart(id).length) +
      '\n\n' +
      render(id) +
      '\n\n' +
      outDoc.slice(end);
  }
  return outDoc;
}

/** Renders one of the doc's examples. */
export function renderExample(id: WorkedExampleId): string {
  switch (id) {
    case 'overconfident':
      return renderWorkedExample(
        'Example 1: an overconfident, leveraged trader',
        OVERCONFIDENT_TRADER,
      );
    case 'anchored':
      return renderWorkedExample(
        'Example 2: a holder anchored to the purchase price',
        ANCHORED_HOLDER,
      );
    case 'risk_averse':
      return renderWorkedExample('Example 3: a cautious, idle saver', CAUTIOUS_SAVER);
    case 'herd_with_value':
      return renderWorkedExample('Example 4: a herd follower, with AUM and revenue supplied', {
        ...HERD_FOLLOWER,
        customer_id: 'P-HERD-VALUE',
        aum: 250_000,
        revenue_12m: 1_800,
      });
  }
}
