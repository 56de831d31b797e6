import {
  BIAS_NAMES,
  CUSTOMER_VALUE_BASES,
  RISK_LEVELS,
  SEGMENTS,
  URGENCY_LEVELS,
  type CustomerRecord,
} from '@behavio/contract';
import { BIAS_COUNT } from './bias-scores.js';
import { codeIndex } from './market-cap.js';
import { computeInsight, createInsightScratch, type InsightScratch } from './insight.js';
import { FigureTextCache, flat } from './text-cache.js';
import { MODEL_VERSION } from './version.js';

/**
 * The insight columns of an imported row as PostgreSQL COPY text, written straight from the
 * scratch: what the server's `insightsCopyText(scoreCustomerCompact(r))` gives, byte for byte
 * (tested), without building the insight objects. Columns, tab-separated: model_version,
 * priority_score, urgency_level, risk_level, segment, bias_severity, risk_urgency,
 * time_sensitivity, customer_value, customer_value_basis, recommended_action, why, top_biases
 * (JSON) and bias_scores (JSON). The line is joined from fixed text and cached figure strings
 * (each with the separator that follows it): about 55 string joins a row and no number
 * formatting, which is what made the server's own formatting cost more than the scoring.
 */

const S = createInsightScratch();
const HEAD = `${MODEL_VERSION}\t`;

/** `label + TAB` for every label the insight columns can hold. */
const TABBED = new Map<string, string>(
  [...URGENCY_LEVELS, ...RISK_LEVELS, ...SEGMENTS, ...CUSTOMER_VALUE_BASES].map((l) => [
    l,
    flat(`${l}\t`),
  ]),
);
const tabbed = (label: string): string => TABBED.get(label)!;

/**
 * Figures followed by the separator the line needs next. The tables are shared by every column
 * (rather than one per bias and column) so the few thousand strings they hold stay in the CPU
 * caches: per-column tables missed the cache on most lookups and cost more than the joins saved.
 */
const FIGURE = new FigureTextCache('', '');
const FIGURE_TAB = new FigureTextCache('', '\t');
const FIGURE_COMMA = new FigureTextCache('', ',');
const FIGURE_BRACE_COMMA = new FigureTextCache('', '},');
const FIGURE_LAST_TOP = new FigureTextCache('', '}]\t');

/** top_biases: `[{"bias_name":"x","score":s,"confidence":c},...]`. */
const TOP_HEAD = BIAS_NAMES.map((name) => flat(`{"bias_name":"${name}","score":`));
const CONFIDENCE_KEY = ',"confidence":';

/** bias_scores: `{"overconfidence":[s,c],...}` in BIAS_NAMES order. */
const SCORE_HEAD = BIAS_NAMES.map((name, b) => flat(`${b === 0 ? '{' : '],'}"${name}":[`));

/** PostgreSQL COPY text format: backslash, tab and line breaks must be escaped. */
export const copyEscape = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/**
 * Scores one validated customer row into the tab-separated COPY text of its insight columns
 * (no trailing newline). Same insights as `scoreCustomerCompact`, for bulk imports.
 */
export function scoreCustomerCopyText(record: CustomerRecord): string {
  const s = S;
  computeInsight(record, s);
  return (
    HEAD +
    FIGURE_TAB.get(s.priority) +
    tabbed(s.urgency) +
    tabbed(s.risk) +
    tabbed(s.segment) +
    FIGURE_TAB.get(s.biasSeverity) +
    FIGURE_TAB.get(s.riskUrgency) +
    FIGURE_TAB.get(s.timeSensitivity) +
    FIGURE_TAB.get(s.customerValue) +
    tabbed(s.basis) +
    texts(record, s) +
    topBiases(s) +
    biasScores(s)
  );
}

/**
 * recommended_action and why, each followed by a tab. The texts are templates around figures;
 * the only input text they can show is the country code, so they need escaping only when the
 * code is not exactly three letters.
 */
function texts(r: CustomerRecord, s: InsightScratch): string {
  if (codeIndex(r.country_iso) >= 0) return `${s.action}\t${s.why}\t[`;
  return `${copyEscape(s.action)}\t${copyEscape(s.why)}\t[`;
}

function topBiases(s: InsightScratch): string {
  const top = s.top;
  const score = s.score;
  const confidence = s.roundedConfidence;
  const a = top[0]!;
  const b = top[1]!;
  const c = top[2]!;
  return (
    TOP_HEAD[a]! +
    FIGURE.get(score[a]!) +
    CONFIDENCE_KEY +
    FIGURE_BRACE_COMMA.get(confidence[a]!) +
    TOP_HEAD[b]! +
    FIGURE.get(score[b]!) +
    CONFIDENCE_KEY +
    FIGURE_BRACE_COMMA.get(confidence[b]!) +
    TOP_HEAD[c]! +
    FIGURE.get(score[c]!) +
    CONFIDENCE_KEY +
    FIGURE_LAST_TOP.get(confidence[c]!)
  );
}

function biasScores(s: InsightScratch): string {
  const score = s.score;
  const confidence = s.roundedConfidence;
  let json = '';
  for (let b = 0; b < BIAS_COUNT; b++) {
    json += SCORE_HEAD[b]! + FIGURE_COMMA.get(score[b]!) + FIGURE.get(confidence[b]!);
  }
  return `${json}]}`;
}
