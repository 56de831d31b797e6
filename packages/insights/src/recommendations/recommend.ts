import {
  CATEGORY_NEEDS,
  RECOMMENDATION_COOLOFF_DAYS,
  RECOMMENDED_PRODUCTS_LISTED,
  type CustomerRecord,
  type ExcludedProduct,
  type ProductOutcome,
  type RecommendedProduct,
  type ShelfProduct,
} from '@behavio/contract';
import type { SuitabilityProfile } from '@behavio/contract';
import { suitabilityProfileOf } from '../suitability/profile.js';
import { checkEligibility, eligibilityLine } from './eligibility.js';
import {
  gateChecks,
  gateFailures,
  governed,
  passesGate,
  suitabilitySentence,
  type GateCustomer,
  type GovernedProduct,
} from './gate.js';
import { NEED_RULES, type NeedRule } from './need-rules.js';
import { round2, situationOf, type BiasReading, type Situation } from './situation.js';

/** What an RM recorded about a product for this customer; 'undone' takes back the one before. */
export interface OutcomeRecord {
  readonly product_id: string;
  readonly outcome: ProductOutcome | 'undone';
  /** When it was recorded (ISO 8601 or a Date). */
  readonly recorded_at: string | Date;
}

export interface RecommendationInput {
  readonly customer: CustomerRecord;
  /** The bias engine's output for this customer: each bias's name, score and confidence. */
  readonly biases: readonly BiasReading[];
  readonly shelf: readonly ShelfProduct[];
  /** This customer's outcome history, any order. */
  readonly outcomes?: readonly OutcomeRecord[];
  /** The moment the cooling-off period is measured from (the model reads no clock). */
  readonly asOf: string | Date;
  readonly cooloffDays?: number;
  /** The customer's suitability profile, when the caller has it (else computed from the row). */
  readonly profile?: SuitabilityProfile;
}

export interface Recommendations {
  /** Up to RECOMMENDED_PRODUCTS_LISTED, best first. */
  readonly recommended: RecommendedProduct[];
  /** Every active product the customer may not be offered now, in shelf order, with why. */
  readonly excluded: ExcludedProduct[];
  /** The profile the gate read. */
  readonly profile: SuitabilityProfile;
}

/** A product's needs: the ones it names, or every need of its category when it names none. */
const needsOf = (p: Pick<ShelfProduct, 'category' | 'needs'>) =>
  p.needs.length > 0 ? p.needs : CATEGORY_NEEDS[p.category];

/** The rules that can speak for a product: its needs, met by a product of its category. */
const rulesFor = (p: Pick<ShelfProduct, 'category' | 'needs'>): NeedRule[] => {
  const needs = needsOf(p);
  return NEED_RULES.filter((r) => needs.includes(r.need) && r.categories.includes(p.category));
};

/**
 * Fit, 0-100 (2 decimals): how well the product meets the strongest of the customer's needs it
 * serves. A product serves several needs; the customer is helped by the one that matters most.
 */
export function productFit(
  situation: Situation,
  product: Pick<ShelfProduct, 'category' | 'needs'>,
): number {
  let best = 0;
  for (const rule of rulesFor(product)) best = Math.max(best, rule.fit(situation));
  return round2(100 * best);
}

/** A need that fits less than this is not worth a sentence, unless it is the strongest one. */
const REASON_MIN_FIT = 0.25;
const REASONS_LISTED = 3;

/**
 * The sentences behind a fit: the strongest rule's, then each other rule fitting at least a
 * quarter, strongest first; the same sentence once (diversification repeats its two causes).
 */
function reasonsFor(situation: Situation, product: Pick<ShelfProduct, 'category' | 'needs'>) {
  const scored = rulesFor(product)
    .map((rule) => ({ rule, fit: rule.fit(situation) }))
    .filter((r) => r.fit > 0)
    .sort((a, b) => b.fit - a.fit)
    .filter((r, i) => i === 0 || r.fit >= REASON_MIN_FIT);
  return [...new Set(scored.map((r) => r.rule.reason(situation)))].slice(0, REASONS_LISTED);
}

const DAY_MS = 86_400_000;
const dateOf = (t: string | Date | number) => new Date(t).toISOString().slice(0, 10);

/**
 * Whether `next` repeats the standing outcome `top` (a double submission, or the same news
 * again), and so changes nothing: the same outcome, except a refusal once the one standing has
 * ended its cooling-off period, which starts a new one (docs/product-rules.md, "Repeated
 * outcomes and notes").
 */
export function repeatsStanding(
  top: OutcomeRecord | undefined,
  next: Pick<OutcomeRecord, 'outcome' | 'recorded_at'>,
  cooloffDays: number = RECOMMENDATION_COOLOFF_DAYS,
): boolean {
  if (!top || top.outcome !== next.outcome || next.outcome === 'undone') return false;
  if (next.outcome !== 'declined') return true;
  return (
    new Date(next.recorded_at).getTime() <
    new Date(top.recorded_at).getTime() + cooloffDays * DAY_MS
  );
}

/**
 * The outcomes that still stand, oldest first: each 'undone' takes back the latest outcome
 * before it, as the Undo on the screen does; an outcome that repeats the one standing changes
 * nothing (`repeatsStanding`), so one Undo takes it back however often it was sent. Pass one
 * customer's outcomes of one product.
 */
export function standingOutcomes<T extends OutcomeRecord>(
  outcomes: readonly T[],
  cooloffDays: number = RECOMMENDATION_COOLOFF_DAYS,
): T[] {
  const standing: T[] = [];
  const inOrder = [...outcomes].sort(
    (a, b) => new Date(a.recorded_at).getTime() - new Date(b.recorded_at).getTime(),
  );
  for (const o of inOrder) {
    if (o.outcome === 'undone') standing.pop();
    else if (!repeatsStanding(standing.at(-1), o, cooloffDays)) standing.push(o);
  }
  return standing;
}

/**
 * Why the customer's history rules a product out, if it does: accepted at any time, or
 * declined less than `cooloffDays` days before `asOf`.
 */
export function historyExclusion(
  productId: string,
  outcomes: readonly OutcomeRecord[],
  asOf: string | Date,
  cooloffDays: number,
): string | undefined {
  const standing = standingOutcomes(
    outcomes.filter((o) => o.product_id === productId),
    cooloffDays,
  );
  const accepted = standing.find((o) => o.outcome === 'accepted');
  if (accepted) return `accepted on ${dateOf(accepted.recorded_at)}: not recommended again`;
  const declined = standing.findLast((o) => o.outcome === 'declined');
  if (!declined) return undefined;
  const until = new Date(declined.recorded_at).getTime() + cooloffDays * DAY_MS;
  if (new Date(asOf).getTime() >= until) return undefined;
  return `declined on ${dateOf(declined.recorded_at)}: not offered again for ${cooloffDays} days, until ${dateOf(until)}`;
}

/**
 * Orders two candidates: the higher rank (fit x weight) first; then the better fit (the
 * customer's interest before the firm's); then the higher weight; then the name, then the id
 * (by code unit), so the order never depends on the shelf's order.
 */
export function compareCandidates(a: RecommendedProduct & { weight: number }, b: typeof a): number {
  return (
    b.rank_score - a.rank_score ||
    b.fit_score - a.fit_score ||
    b.weight - a.weight ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0)
  );
}

/** A product through both gates, before its sentences are written (only the top ones get them). */
type Candidate = RecommendedProduct & {
  weight: number;
  passes: readonly string[];
  gov: GovernedProduct;
  product: ShelfProduct;
};

/**
 * The next best products for one customer. Pure and deterministic: the shelf's active products
 * go through their eligibility rules, the suitability gate (gate.ts) and the customer's history;
 * those left are scored for fit, ranked by fit x weight, and the top three with a fit and a
 * weight above 0 are recommended, each with its reasons, its eligibility line and every check of
 * the gate. The profile is computed once per customer, the shelf's attributes once per shelf.
 */
export function recommendProducts(input: RecommendationInput): Recommendations {
  const situation = situationOf(input.customer, input.biases);
  const profile = input.profile ?? suitabilityProfileOf(input.customer);
  const who: GateCustomer = { customer: input.customer, profile };
  const cooloff = input.cooloffDays ?? RECOMMENDATION_COOLOFF_DAYS;
  const candidates: Candidate[] = [];
  const excluded: ExcludedProduct[] = [];
  for (const product of input.shelf) {
    if (!product.active) continue;
    const gov = governed(product);
    const gate = checkEligibility(input.customer, product);
    const suitable = passesGate(gov, who);
    const history = historyExclusion(product.product_id, input.outcomes ?? [], input.asOf, cooloff);
    const { product_id, name, category } = product;
    if (gate.exclusions.length > 0 || !suitable || history) {
      const reasons = [...gate.exclusions, ...(suitable ? [] : gateFailures(gov, who))];
      if (history) reasons.push(history);
      excluded.push({ product_id, name, category, reasons });
      continue;
    }
    const fit_score = productFit(situation, product);
    const rank_score = round2(fit_score * product.weight);
    if (rank_score <= 0) continue;
    candidates.push({
      product_id,
      name,
      category,
      fit_score,
      rank_score,
      reasons: [],
      suitability: '',
      eligibility: '',
      checks: [],
      weight: product.weight,
      passes: gate.passes,
      gov,
      product,
    });
  }
  const recommended = candidates
    .sort(compareCandidates)
    .slice(0, RECOMMENDED_PRODUCTS_LISTED)
    .map(({ weight: _weight, passes, gov, product, ...r }): RecommendedProduct => {
      const checks = gateChecks(gov, who);
      return {
        ...r,
        reasons: reasonsFor(situation, product),
        suitability: suitabilitySentence(checks),
        eligibility: eligibilityLine(passes),
        checks,
      };
    });
  return { recommended, excluded, profile };
}
