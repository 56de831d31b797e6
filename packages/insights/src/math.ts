/**
 * Small numeric helpers every formula is written with. All of them are total: for any finite
 * input they return a finite value, and `clip01` maps NaN to 0 so a bad input can never leak a
 * NaN into a score.
 */

/** Clamp to [0, 1]; NaN gives 0. */
export const clip01 = (x: number): number => (x > 1 ? 1 : x > 0 ? x : 0);

/** Clamp to [lo, hi]; NaN gives lo. */
export const clip = (x: number, lo: number, hi: number): number => (x > hi ? hi : x > lo ? x : lo);

/**
 * Linear ramp to points: `r(x, a, b) = 100 * clip01((x - a) / (b - a))`.
 * 0 at or before `a`, 100 at or beyond `b`. With `b < a` the ramp falls (100 at or below `b`).
 * Unlike clip01 it passes a NaN through, so callers guard their final outputs.
 * Written without branches: Math.min/max compile to compare-and-branch on x64, and on varied
 * data those branches (two per ramp, ~30 ramps a row) are mispredicted about half the time
 * (docs/benchmarks.md). The two compares become 0 or 1 and pick t, 0 or 1 by a multiply-add,
 * which is exact for a finite t (t x 1 = t, t x 0 = ±0, and + 0 turns -0 into 0 as
 * Math.max(0, -0) does). An infinite t is at one end of the ramp, and NaN passes through.
 */
export const ramp = (x: number, a: number, b: number): number => {
  const t = (x - a) / (b - a);
  if (t - t !== 0) return t > 0 ? 100 : t < 0 ? 0 : t;
  const full = +(t > 1);
  return 100 * (t * (+(t > 0) - full) + full);
};

/** Exponential decay `d(t, tau) = exp(-t / tau)` for an age t >= 0 in days: 1 today, 0.37 at tau. */
export const decay = (t: number, tau: number): number => Math.exp(-(t > 0 ? t : 0) / tau);

/** Whole days whose decay is precomputed; older events are rare and computed on demand. */
const DECAY_TABLE_DAYS = 4096;

/**
 * `decay(t, tau)` for one tau, read from a table for whole days. Day columns are whole numbers
 * and Math.exp is the costliest step of a row's arithmetic; the table holds exactly what
 * `decay` returns, so the result is bit-identical.
 */
export class DecayTable {
  private readonly table = new Float64Array(DECAY_TABLE_DAYS);

  constructor(private readonly tau: number) {
    for (let t = 0; t < DECAY_TABLE_DAYS; t++) this.table[t] = decay(t, tau);
  }

  at(t: number): number {
    const day = t | 0;
    // `* 1` changes no value; it makes both branches plain numbers in V8's optimised code. A
    // decay() left as a call (it is rare) returns a boxed number, and V8 would then box the
    // table's value too, on every lookup.
    return day === t && day >= 0 && day < DECAY_TABLE_DAYS
      ? this.table[day]!
      : decay(t, this.tau) * 1;
  }
}

/** The two decay horizons of the model: hype (14 days) and loss sales and averaging down (30). */
export const DECAY_14 = new DecayTable(14);
export const DECAY_30 = new DecayTable(30);

/**
 * Beta-binomial shrinkage of a share towards a neutral prior:
 * `(hits + prior * k) / (n + k)`. With n = 0 it returns the prior; k is the prior's weight in
 * pseudo-events, so k = 10 means ten observed events count as much as the prior.
 */
export const shrinkShare = (hits: number, n: number, prior: number, k: number): number =>
  (hits + prior * k) / (n + k);

/** Evidence strength of n events with half-weight at k: `n / (n + k)` (0 with no events). */
export const strength = (n: number, k: number): number => (n > 0 ? n / (n + k) : 0);

/**
 * `Math.round(x)` without its branch: V8 rounds up and takes 1 off when that went more than a
 * half above x, a branch that goes either way on varied data. The same steps with the compare as
 * 0 or 1 give the same result bit for bit (halves up, -0, NaN and infinities included).
 */
export const roundHalfUp = (x: number): number => {
  const up = Math.ceil(x);
  return up - +(up - 0.5 > x);
};

/** Deterministic rounding to 2 (or 1) decimals; halves go up (Math.round). */
export const round2 = (x: number): number => roundHalfUp(x * 100) / 100;
export const round1 = (x: number): number => roundHalfUp(x * 10) / 10;
