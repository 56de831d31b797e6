/**
 * The small numeric helpers every formula of the model is written with
 * (docs/insights-model.md §3). All of them are total: for any finite input they return a
 * finite value, and the clamps map NaN to their lower bound, so a bad input cannot leak a NaN
 * into a score.
 */

/** Clamp to [0, 1]; NaN gives 0. */
export const clip01 = (x: number): number => (x > 1 ? 1 : x > 0 ? x : 0);

/** Clamp to [lo, hi]; NaN gives lo. */
export const clip = (x: number, lo: number, hi: number): number => (x > hi ? hi : x > lo ? x : lo);

/**
 * Linear ramp in points, `r(x, a, b) = 100 * clip01((x - a) / (b - a))`: 0 at or before `a`,
 * 100 at or beyond `b`, falling when `b < a` (100 at or below `b`).
 */
export const ramp = (x: number, a: number, b: number): number => 100 * clip01((x - a) / (b - a));

/** Exponential decay `d(t, tau) = exp(-t / tau)` of an event t >= 0 days old: 1 today, 0.37 at tau. */
export const decay = (t: number, tau: number): number => Math.exp(-Math.max(0, t) / tau);

/**
 * Beta-binomial shrinkage of a share towards a neutral prior: `(hits + prior * k) / (n + k)`.
 * With n = 0 it returns the prior; k is the prior's weight in pseudo-events.
 */
export const shrinkShare = (hits: number, n: number, prior: number, k: number): number =>
  (hits + prior * k) / (n + k);

/** Evidence strength of n events with half-weight at k: `n / (n + k)` (0 with no events). */
export const strength = (n: number, k: number): number => (n > 0 ? n / (n + k) : 0);

/** Rounding to 2 decimals; halves go up, as Math.round does. */
export const round2 = (x: number): number => Math.round(x * 100) / 100;
