import type {
  CapacityForLoss,
  CustomerRecord,
  KnowledgeLevel,
  SuitabilityProfile,
  VulnerabilityFlag,
} from '@behavio/contract';

/*
 * The suitability profile of one customer (issue 28, item 2): what MiFID II Art. 25(2) asks a
 * firm to know before advising (knowledge and experience, ability to bear losses, risk tolerance,
 * objectives), read from the customer's row alone. Pure; every threshold is a named constant with
 * a line in docs/product-rules.md, "Suitability profile".
 */

/** knowledge_level `expert`: quiz and years of experience at or above these. */
export const EXPERT_MIN_QUIZ = 80;
export const EXPERT_MIN_EXPERIENCE_YEARS = 5;
/** knowledge_level `informed`: the same tested level the gate asks of a complex product. */
export const INFORMED_MIN_QUIZ = 60;
export const INFORMED_MIN_EXPERIENCE_YEARS = 2;
/** Below this quiz score knowledge is `none` and the `low_knowledge` vulnerability flag is raised. */
export const LOW_KNOWLEDGE_QUIZ = 20;

/** risk_tolerance = round(risk_profile × 7 / 10), 1-7: the 1-10 self-rating on the SRI scale. */
export const RISK_TOLERANCE_MIN = 1;
export const RISK_TOLERANCE_MAX = 7;
/** Self-rated risk above tested knowledge does not count: capped here when the quiz … */
export const UNTESTED_RISK_TOLERANCE_CAP = 3;
/** … is below this score … */
export const UNTESTED_QUIZ_BELOW = 40;
/** … or experience is below this many years. */
export const UNTESTED_EXPERIENCE_BELOW = 1;

/** capacity_for_loss `low` when any of these holds. */
export const LOW_CAPACITY_LEVERAGE = 1.5;
export const LOW_CAPACITY_DRAWDOWN_PCT = -40;
export const LOW_CAPACITY_CASH_PCT = 5;
export const LOW_CAPACITY_AGE = 75;
/** capacity_for_loss `high` when none of the above and all of these hold. */
export const HIGH_CAPACITY_MAX_LEVERAGE = 1;
export const HIGH_CAPACITY_MIN_DRAWDOWN_PCT = -20;
export const HIGH_CAPACITY_MIN_CASH_PCT = 20;
export const HIGH_CAPACITY_MAX_AGE = 65;
/** Only checked when the file carries aum. */
export const HIGH_CAPACITY_MIN_AUM = 25_000;

/** horizon_years = clamp(HORIZON_END_AGE − age, HORIZON_MIN_YEARS, HORIZON_MAX_YEARS). */
export const HORIZON_END_AGE = 75;
export const HORIZON_MIN_YEARS = 1;
export const HORIZON_MAX_YEARS = 30;

/** The four vulnerability flags' thresholds (FCA FG21/1 drivers: capability, resilience, age). */
export const VULNERABLE_AGE = 80;
export const OVERRATED_RISK_PROFILE = 8;
export const OVERRATED_QUIZ_BELOW = 40;
export const CONTRADICTORY_CASH_PCT = 80;
export const CONTRADICTORY_LEVERAGE = 1.5;

/** The figures the profile reads: the row's own columns (aum optional). */
export type ProfileInputs = Pick<
  CustomerRecord,
  | 'age'
  | 'risk_profile'
  | 'knowledge_quiz_score'
  | 'experience_years'
  | 'cash_pct'
  | 'leverage_ratio'
  | 'max_drawdown_pct'
> & { readonly aum?: number | null };

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const n = (x: number) => String(Math.round(x * 100) / 100);
const years = (x: number) => `${n(x)} year${x === 1 ? '' : 's'}`;

export function knowledgeLevelOf(c: ProfileInputs): KnowledgeLevel {
  const quiz = c.knowledge_quiz_score;
  const exp = c.experience_years;
  if (quiz >= EXPERT_MIN_QUIZ && exp >= EXPERT_MIN_EXPERIENCE_YEARS) return 'expert';
  if (quiz >= INFORMED_MIN_QUIZ && exp >= INFORMED_MIN_EXPERIENCE_YEARS) return 'informed';
  if (quiz >= LOW_KNOWLEDGE_QUIZ) return 'basic';
  return 'none';
}

/** Whether self-rated risk is untested: the quiz or the experience is too low to back it. */
export const isUntested = (c: ProfileInputs): boolean =>
  c.knowledge_quiz_score < UNTESTED_QUIZ_BELOW || c.experience_years < UNTESTED_EXPERIENCE_BELOW;

/** The self-rating alone on the 1-7 scale: round(risk_profile × 7 / 10), clamped. */
const statedTolerance = (c: ProfileInputs) =>
  clamp(
    Math.round((c.risk_profile * RISK_TOLERANCE_MAX) / 10),
    RISK_TOLERANCE_MIN,
    RISK_TOLERANCE_MAX,
  );

export function riskToleranceOf(c: ProfileInputs): number {
  const stated = statedTolerance(c);
  return isUntested(c) ? Math.min(stated, UNTESTED_RISK_TOLERANCE_CAP) : stated;
}

/** Why capacity is low, one clause a cause (empty: not low). */
function lowCapacityCauses(c: ProfileInputs): string[] {
  const causes: string[] = [];
  if (c.leverage_ratio >= LOW_CAPACITY_LEVERAGE)
    causes.push(`leverage of ${n(c.leverage_ratio)}x (${LOW_CAPACITY_LEVERAGE}x or more)`);
  if (c.max_drawdown_pct <= LOW_CAPACITY_DRAWDOWN_PCT)
    causes.push(`a drawdown of ${n(c.max_drawdown_pct)}% (${LOW_CAPACITY_DRAWDOWN_PCT}% or worse)`);
  if (c.cash_pct < LOW_CAPACITY_CASH_PCT)
    causes.push(`a cash buffer of ${n(c.cash_pct)}% (under ${LOW_CAPACITY_CASH_PCT}%)`);
  if (c.age >= LOW_CAPACITY_AGE) causes.push(`age ${c.age} (${LOW_CAPACITY_AGE} or more)`);
  return causes;
}

function isHighCapacity(c: ProfileInputs): boolean {
  const aumOk = c.aum === null || c.aum === undefined || c.aum >= HIGH_CAPACITY_MIN_AUM;
  return (
    c.leverage_ratio <= HIGH_CAPACITY_MAX_LEVERAGE &&
    c.max_drawdown_pct > HIGH_CAPACITY_MIN_DRAWDOWN_PCT &&
    c.cash_pct >= HIGH_CAPACITY_MIN_CASH_PCT &&
    c.age < HIGH_CAPACITY_MAX_AGE &&
    aumOk
  );
}

export function capacityForLossOf(c: ProfileInputs): { level: CapacityForLoss; reason: string } {
  const low = lowCapacityCauses(c);
  if (low.length > 0)
    return { level: 'low', reason: `Capacity for loss is low: ${low.join('; ')}.` };
  if (isHighCapacity(c))
    return {
      level: 'high',
      reason: `Capacity for loss is high: unlevered, a cash buffer of ${n(c.cash_pct)}%, a drawdown no worse than ${HIGH_CAPACITY_MIN_DRAWDOWN_PCT}% and age under ${HIGH_CAPACITY_MAX_AGE}${c.aum == null ? '' : `, AUM of ${HIGH_CAPACITY_MIN_AUM} or more`}.`,
    };
  return {
    level: 'medium',
    reason:
      'Capacity for loss is medium: nothing makes it low, but not every mark of a high one is met.',
  };
}

export function horizonYearsOf(c: ProfileInputs): number {
  return clamp(HORIZON_END_AGE - c.age, HORIZON_MIN_YEARS, HORIZON_MAX_YEARS);
}

export function vulnerabilityFlagsOf(c: ProfileInputs): VulnerabilityFlag[] {
  const flags: VulnerabilityFlag[] = [];
  const quiz = n(c.knowledge_quiz_score);
  if (c.age >= VULNERABLE_AGE)
    flags.push({ flag: 'age_80_plus', reason: `Age ${c.age}: ${VULNERABLE_AGE} or more.` });
  if (c.knowledge_quiz_score < LOW_KNOWLEDGE_QUIZ)
    flags.push({
      flag: 'low_knowledge',
      reason: `Knowledge quiz score ${quiz}: under ${LOW_KNOWLEDGE_QUIZ}.`,
    });
  if (c.risk_profile >= OVERRATED_RISK_PROFILE && c.knowledge_quiz_score < OVERRATED_QUIZ_BELOW)
    flags.push({
      flag: 'overrated_risk',
      reason: `Self-rated risk ${n(c.risk_profile)} (${OVERRATED_RISK_PROFILE} or more) with a knowledge quiz score of ${quiz} (under ${OVERRATED_QUIZ_BELOW}).`,
    });
  if (c.cash_pct >= CONTRADICTORY_CASH_PCT && c.leverage_ratio >= CONTRADICTORY_LEVERAGE)
    flags.push({
      flag: 'contradictory_data',
      reason: `Cash of ${n(c.cash_pct)}% (${CONTRADICTORY_CASH_PCT}% or more) with leverage of ${n(c.leverage_ratio)}x (${CONTRADICTORY_LEVERAGE}x or more): the row contradicts itself.`,
    });
  return flags;
}

/**
 * The customer's suitability profile. `needs_review` is true when any vulnerability flag is
 * raised (an RM's `not_suitable` decline may set it too: pass `reviewAsked`).
 */
export function suitabilityProfileOf(c: ProfileInputs, reviewAsked = false): SuitabilityProfile {
  const knowledge_level = knowledgeLevelOf(c);
  const risk_tolerance = riskToleranceOf(c);
  const capacity = capacityForLossOf(c);
  const horizon_years = horizonYearsOf(c);
  const vulnerability_flags = vulnerabilityFlagsOf(c);
  const stated = statedTolerance(c);
  const reasons = [
    `Knowledge is ${knowledge_level}: knowledge quiz score ${n(c.knowledge_quiz_score)} with ${years(c.experience_years)} of investing experience.`,
    risk_tolerance < stated
      ? `Risk tolerance ${risk_tolerance} of 7: self-rated risk ${n(c.risk_profile)} would give ${stated}, capped at ${UNTESTED_RISK_TOLERANCE_CAP} because it is not backed by a quiz score of ${UNTESTED_QUIZ_BELOW} or more and ${years(UNTESTED_EXPERIENCE_BELOW)} of experience.`
      : `Risk tolerance ${risk_tolerance} of 7, from self-rated risk ${n(c.risk_profile)} of 10.`,
    capacity.reason,
    `Investment horizon of ${years(horizon_years)}, to age ${HORIZON_END_AGE} (${HORIZON_MIN_YEARS} to ${HORIZON_MAX_YEARS} years).`,
    ...vulnerability_flags.map((f) => `Needs review: ${f.reason}`),
  ];
  return {
    knowledge_level,
    risk_tolerance,
    capacity_for_loss: capacity.level,
    horizon_years,
    vulnerability_flags,
    needs_review: reviewAsked || vulnerability_flags.length > 0,
    reasons,
  };
}

/**
 * Whether any of the four flags is raised, from the row alone: the lists compute the same test in
 * SQL from these constants (apps/server/src/modules/analytics/needs-review.ts).
 */
export function hasVulnerabilityFlag(c: ProfileInputs): boolean {
  return (
    c.age >= VULNERABLE_AGE ||
    c.knowledge_quiz_score < LOW_KNOWLEDGE_QUIZ ||
    (c.risk_profile >= OVERRATED_RISK_PROFILE && c.knowledge_quiz_score < OVERRATED_QUIZ_BELOW) ||
    (c.cash_pct >= CONTRADICTORY_CASH_PCT && c.leverage_ratio >= CONTRADICTORY_LEVERAGE)
  );
}
