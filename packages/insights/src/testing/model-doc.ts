import type { CustomerRecord } from '@behavio/contract';
import { BIASES, type Bias, type Confidence, type Term } from '../biases.js';
import { inputsOf } from '../signals.js';
import { MODEL_CHANGES, MODEL_VERSION } from '../version.js';

/**
 * The parts of docs/insights-model.md written from the model itself: each bias's table of terms
 * and its confidence (§4), the version line at the top and the version history (§12). The doc
 * holds them between markers; scripts/update-model-doc.ts rewrites them and
 * src/model-doc.test.ts fails until the doc matches the code.
 */

/** A term as the doc writes it: "40 x r(trade_turnover_30d_pct_peer, 50, 100) / 100". */
export const termFormula = (t: Term): string =>
  `${t.points} x ${t.signal.formula}${t.signal.full === 100 ? ' / 100' : ''}` +
  (t.scale === undefined ? '' : ` x ${t.scale.formula}`);

/** A term's input figures for a row (worked examples). */
export const termInputs = (t: Term, r: CustomerRecord): string => inputsOf(r, [t.signal, t.scale]);

/** A confidence as the doc writes it: "0.85 x (0.6 + 0.4 x n/(n + 5))". */
export function confidenceFormula(c: Confidence): string {
  const evidence =
    c.evidence === undefined
      ? `${c.cap}`
      : c.base === 0 && c.rise === 1
        ? `${c.cap} x ${c.evidence.formula}`
        : `${c.cap} x (${c.base ?? 0} + ${c.rise ?? 0} x ${c.evidence.formula})`;
  return c.discount === undefined
    ? evidence
    : `${evidence}, x ${c.discount.factor} when ${c.discount.label}`;
}

/** A confidence's input figures for a row (worked examples); '' when it is a fixed figure. */
export const confidenceInputs = (c: Confidence, r: CustomerRecord): string =>
  inputsOf(r, [c.evidence]) +
  (c.discount?.applies(r) === true ? ` (${c.discount.label}: x ${c.discount.factor})` : '');

/** One bias's table of terms and its confidence, as §4 shows them. */
export function renderBiasTable(bias: Bias): string {
  const rows = bias.terms.map(
    (t) =>
      `| ${t.name} | ${t.points} | \`${t.signal.formula}\`${t.signal.full === 100 ? ' / 100' : ''} | ${t.scale === undefined ? '' : `\`${t.scale.formula}\``} | ${t.column} |`,
  );
  return [
    '| Term | Points | Signal (share of full) | Scale | Evidence column |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Confidence \`${confidenceFormula(bias.confidence)}\`.`,
  ].join('\n');
}

/** The version history of §12, from MODEL_CHANGES. */
export const renderVersionHistory = (): string =>
  [
    '| Version | Change |',
    '|---|---|',
    ...MODEL_CHANGES.map((c) => `| ${c.version} | ${c.change} |`),
  ].join('\n');

const start = (id: string) => `<!-- model:${id}:start -->`;
const end = (id: string) => `<!-- model:${id}:end -->`;

/** The generated blocks of the doc: their marker ids and what goes between the markers. */
export const modelDocBlocks = (): readonly [string, string][] => [
  ...BIASES.map((b): [string, string] => [`bias-${b.name}`, renderBiasTable(b)]),
  ['version-history', renderVersionHistory()],
];

export const modelDocMarkers = (id: string) => [start(id), end(id)] as const;

/** Replaces the text between each block's markers with a fresh rendering. */
export function updateModelDoc(doc: string): string {
  let out = doc.replace(/Model version \*\*[^*]+\*\*/, `Model version **${MODEL_VERSION}**`);
  for (const [id, text] of modelDocBlocks()) {
    const from = out.indexOf(start(id));
    const to = out.indexOf(end(id));
    if (from < 0 || to < from) throw new Error(`markers for the doc's block ${id} not found`);
    out = `${out.slice(0, from + start(id).length)}\n\n${text}\n\n${out.slice(to)}`;
  }
  return out;
}
