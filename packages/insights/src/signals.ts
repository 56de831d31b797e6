import type { CustomerColumnName, CustomerRecord } from '@behavio/contract';
import { clip, clip01, decay as decayOf, ramp as rampOf, strength } from './math.js';

/**
 * The shapes a term's signal can take, each with its named parameters (docs/insights-model.md
 * §3): a ramp `r(x, a, b)`, a 0-100 level, a 0-1 share, a decay `d(t, tau)`, an indicator, and
 * the evidence strength `n / (n + k)` of a confidence. The bias table (biases.ts) is written
 * with them, so every threshold sits in the table as a number and the doc's formula of each
 * term is written from the same numbers.
 */

/** A figure read from a row: a column, or a measure the model derives from columns. */
export interface Measure {
  /** The figure as the doc writes it: a column name, or a named measure ("g", "EHB"). */
  readonly label: string;
  readonly read: (r: CustomerRecord) => number;
}

/** A column of the row as a measure (booleans are not measures: see `indicator`). */
export const column = (name: CustomerColumnName): Measure => ({
  label: name,
  read: (r) => r[name] as number,
});

/** A measure the model derives from several columns, with the doc's name for it. */
export const measure = (label: string, read: (r: CustomerRecord) => number): Measure => ({
  label,
  read,
});

/**
 * How much of a term is present in a row. `read` returns it on the scale of `full`: a ramp
 * and a 0-100 level in points of 100 (`full` 100), the others as a 0-1 share (`full` 1). A
 * term's points are `points / full x read(r)`, so a full signal gives the term's points.
 */
export interface Signal {
  readonly full: 1 | 100;
  readonly read: (r: CustomerRecord) => number;
  /** The signal as the doc writes it, with its parameters. */
  readonly formula: string;
  /** The measures it reads, for the worked examples' inputs. */
  readonly measures: readonly Measure[];
}

/** `r(x, a, b)`: 0 at or before `a`, 100 at or beyond `b` (falling when b < a). */
export const ramp = (x: Measure, from: number, to: number): Signal => ({
  full: 100,
  read: (r) => rampOf(x.read(r), from, to),
  formula: `r(${x.label}, ${from}, ${to})`,
  measures: [x],
});

/** A figure that is already a 0-100 level, clipped to that range. */
export const level = (x: Measure): Signal => ({
  full: 100,
  read: (r) => clip(x.read(r), 0, 100),
  formula: x.label,
  measures: [x],
});

/** `clip01((x - a) / (b - a))`: the 0-1 share of the way from `a` to `b`. */
export const share = (x: Measure, from: number, to: number): Signal => ({
  full: 1,
  read: (r) => clip01((x.read(r) - from) / (to - from)),
  formula:
    from === 0
      ? to === 1
        ? `max(0, ${x.label})`
        : `clip01(${x.label} / ${to})`
      : `clip01((${x.label} - ${from}) / ${to - from})`,
  measures: [x],
});

/** `floor + (1 - floor) x s`: a share that never falls below `floor` (1 - floor is `rise`). */
export const atLeast = (floor: number, rise: number, s: Signal): Signal => ({
  full: 1,
  read: (r) => floor + rise * s.read(r),
  formula: `(${floor} + ${rise} ${s.formula})`,
  measures: s.measures,
});

/** `d(t, tau)`, counted only `when` the event happened (when given). */
export const decay = (
  t: Measure,
  tau: number,
  when?: { readonly label: string; readonly holds: (r: CustomerRecord) => boolean },
): Signal => ({
  full: 1,
  read:
    when === undefined
      ? (r) => decayOf(t.read(r), tau)
      : (r) => (when.holds(r) ? decayOf(t.read(r), tau) : 0),
  formula: `d(${t.label}, ${tau})${when === undefined ? '' : ` x [${when.label}]`}`,
  measures: [t],
});

/** `[condition]`: 1 when it holds, 0 otherwise. */
export const indicator = (
  label: string,
  x: Measure,
  holds: (r: CustomerRecord) => boolean,
): Signal => ({
  full: 1,
  read: (r) => (holds(r) ? 1 : 0),
  formula: `[${label}]`,
  measures: [x],
});

/** `n / (n + k)`: evidence strength of `n` events, one half at `k`. */
export const evidenceOf = (n: Measure, half: number): Signal => ({
  full: 1,
  read: (r) => strength(n.read(r), half),
  formula: `${n.label}/(${n.label} + ${half})`,
  measures: [n],
});

/** A measure's value as the worked examples show it (at most 4 decimals). */
export const shown = (x: number): string => String(Number(x.toFixed(4)));

/** The measures of signals with their values for a row: "g = 12.5, averaging_down_trades = 2". */
export const inputsOf = (r: CustomerRecord, signals: readonly (Signal | undefined)[]): string =>
  [...new Map(signals.flatMap((s) => s?.measures ?? []).map((m) => [m.label, m])).values()]
    .map((m) => `${m.label} = ${shown(m.read(r))}`)
    .join(', ');
