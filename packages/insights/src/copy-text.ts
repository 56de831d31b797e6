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
import { FigureTextCache, HundredthsTexts, ScoreTexts, flat } from './text-cache.js';
import { MODEL_VERSION } from './version.js';

/**
 * The insight columns of an imported row as PostgreSQL COPY text, written straight from the
 * scratch: what the server's `insightsCopyText(scoreCustomerCompact(r))` gives, byte for byte
 * (tested), without building the insight objects. Columns, tab-separated: model_version,
 * priority_score, urgency_level, risk_level, segment, bias_severity, risk_urgency,
 * time_sensitivity, customer_value, customer_value_basis, recommended_action, why, top_biases
 * (JSON), bias_scores and bias_confidences (PostgreSQL arrays of hundredths, BIAS_NAMES
 * order, e.g. `{8401,7140,...}`). The line is joined from fixed text and cached figure strings,
 * with no number formatting (the server's own formatting cost more than the scoring). Every
 * join is a node V8 allocates and walks again when the line is written, so figures from small
 * tables are cached with the separators and JSON around them (47 pieces a line, 54 before);
 * but a string read from a large table is often a CPU cache miss, which costs more than a join.
 */

const S = createInsightScratch();

/** urgency_level, risk_level and segment: every combination, tab-separated with a tab after. */
const LEVELS = URGENCY_LEVELS.flatMap((u) =>
  RISK_LEVELS.flatMap((r) => SEGMENTS.map((g) => flat(`${u}\t${r}\t${g}\t`))),
);
const levels = (s: InsightScratch): string =>
  LEVELS[
    (URGENCY_LEVELS.indexOf(s.urgency) * RISK_LEVELS.length + RISK_LEVELS.indexOf(s.risk)) *
      SEGMENTS.length +
      SEGMENTS.indexOf(s.segment)
  ]!;

/**
 * Figures are cached with the text around them where their range is small, so the tables stay
 * in the CPU caches: the priority and the breakdown measures (0-10) and the confidences (0-1,
 * below). Bias severity, risk urgency and time sensitivity share one table.
 */
const MEASURE_LIMIT = 1000; // hundredths
const MEASURE_TAB = new FigureTextCache('', '\t', MEASURE_LIMIT);
/** model_version and priority_score, with their tabs. */
const HEAD_PRIORITY = new FigureTextCache(`${MODEL_VERSION}\t`, '\t', MEASURE_LIMIT);
/** customer_value and customer_value_basis, with their tabs: one cache per basis. */
const VALUE_BASIS = CUSTOMER_VALUE_BASES.map(
  (b) => new FigureTextCache('', `\t${b}\t`, MEASURE_LIMIT),
);

/**
 * Scores take ten thousand values: one cached string per value (or per bias and value) missed
 * the CPU caches on most lookups, so they come in two parts from small tables (see ScoreTexts).
 */
const TOP_SCORE = new ScoreTexts(',"confidence":');

/**
 * Confidences take only 101 values, so each is cached with all the fixed JSON that follows it
 * up to the next score, by what comes next: one join a confidence instead of two or three.
 */
const CONFIDENCE_LIMIT = 100;
const confidenceThen = (next: string) => new FigureTextCache('', next, CONFIDENCE_LIMIT);

/** top_biases: `[{"bias_name":"x","score":s,"confidence":c},...]`. */
const topHead = (name: string) => `{"bias_name":"${name}","score":`;
const TOP_HEAD = BIAS_NAMES.map((name) => flat(topHead(name)));
const TOP_CONFIDENCE_THEN = BIAS_NAMES.map((name) => confidenceThen(`},${topHead(name)}`));
const LAST_TOP_CONFIDENCE = confidenceThen('}]\t{');

/** bias_scores then bias_confidences: `{8401,...,7140}\t{78,...,75}`, hundredths. */
const SCORE_COMMA = new HundredthsTexts(',');
const LAST_SCORE = new HundredthsTexts('}\t{');
const CONFIDENCE_COMMA = new HundredthsTexts(',');
const LAST_CONFIDENCE = new HundredthsTexts('}');

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
    HEAD_PRIORITY.get(s.priority) +
    levels(s) +
    MEASURE_TAB.get(s.biasSeverity) +
    MEASURE_TAB.get(s.riskUrgency) +
    MEASURE_TAB.get(s.timeSensitivity) +
    VALUE_BASIS[CUSTOMER_VALUE_BASES.indexOf(s.basis)]!.get(s.customerValue) +
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
  if (codeIndex(r.country_iso) >= 0) return s.action + '\t' + s.why + '\t[';
  return copyEscape(s.action) + '\t' + copyEscape(s.why) + '\t[';
}

/** top_biases and the opening brace of bias_scores. */
function topBiases(s: InsightScratch): string {
  const top = s.top;
  const score = s.score;
  const confidence = s.roundedConfidence;
  const a = top[0]!;
  const b = top[1]!;
  const c = top[2]!;
  return (
    TOP_HEAD[a]! +
    TOP_SCORE.wholePart(score[a]!) +
    TOP_SCORE.decimalPart(score[a]!) +
    TOP_CONFIDENCE_THEN[b]!.get(confidence[a]!) +
    TOP_SCORE.wholePart(score[b]!) +
    TOP_SCORE.decimalPart(score[b]!) +
    TOP_CONFIDENCE_THEN[c]!.get(confidence[b]!) +
    TOP_SCORE.wholePart(score[c]!) +
    TOP_SCORE.decimalPart(score[c]!) +
    LAST_TOP_CONFIDENCE.get(confidence[c]!)
  );
}

/** bias_scores and bias_confidences, after the opening brace. */
function biasScores(s: InsightScratch): string {
  const score = s.score;
  const confidence = s.roundedConfidence;
  const last = BIAS_COUNT - 1;
  let text = '';
  for (let b = 0; b < last; b++) text += SCORE_COMMA.head(score[b]!) + SCORE_COMMA.tail(score[b]!);
  text += LAST_SCORE.head(score[last]!) + LAST_SCORE.tail(score[last]!);
  for (let b = 0; b < last; b++)
    text += CONFIDENCE_COMMA.head(confidence[b]!) + CONFIDENCE_COMMA.tail(confidence[b]!);
  return text + LAST_CONFIDENCE.head(confidence[last]!) + LAST_CONFIDENCE.tail(confidence[last]!);
}
