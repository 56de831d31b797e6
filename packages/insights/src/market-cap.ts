/**
 * Country shares of world listed-equity market capitalisation, the `m` of the home-bias measure
 * (French & Poterba 1991; Coeurdacier & Rey 2013). Approximate end-2023 figures rounded to
 * 0.1 point: United States, China, Japan, Hong Kong, United Kingdom, Canada, Australia and
 * Singapore from the WFE/SIFMA table of the $108.6 trillion world total (mid-2023); the other
 * markets are our approximations of listed domestic market capitalisation over the same total.
 * Refresh yearly: a new table is a new MARKET_CAP_TABLE_VERSION and a model version bump.
 */
export const MARKET_CAP_TABLE_VERSION = '2023-approx-1';

/** Share used for a country that is not in the table: a small market. */
export const DEFAULT_MARKET_SHARE = 0.001;

export const WORLD_MARKET_SHARE: ReadonlyMap<string, number> = new Map(
  Object.entries({
    USA: 0.425,
    CHN: 0.106,
    JPN: 0.054,
    HKG: 0.04,
    IND: 0.035,
    GBR: 0.029,
    FRA: 0.027,
    CAN: 0.027,
    SAU: 0.026,
    DEU: 0.02,
    TWN: 0.018,
    CHE: 0.017,
    KOR: 0.017,
    AUS: 0.015,
    NLD: 0.011,
    BRA: 0.009,
    SWE: 0.009,
    ZAF: 0.009,
    ARE: 0.009,
    ITA: 0.007,
    ESP: 0.007,
    DNK: 0.007,
    IDN: 0.006,
    SGP: 0.006,
    MEX: 0.005,
    THA: 0.005,
    RUS: 0.005,
    MYS: 0.004,
    BEL: 0.003,
    NOR: 0.003,
    FIN: 0.003,
    TUR: 0.003,
    ISR: 0.002,
    POL: 0.002,
    PHL: 0.002,
    VNM: 0.002,
    QAT: 0.002,
    AUT: 0.001,
    IRL: 0.001,
    NZL: 0.001,
    CHL: 0.001,
    PRT: 0.001,
    GRC: 0.001,
    KWT: 0.001,
  }),
);

// Dense lookup by the three letters (A-Z, case-insensitive): no string hashing on the hot path.
// NaN marks a code not in the table; the slot past the last code stands for "not a code".
const NOT_A_CODE = 26 * 26 * 26;
const BY_CODE = new Float64Array(NOT_A_CODE + 1).fill(Number.NaN);
for (const [code, share] of WORLD_MARKET_SHARE) BY_CODE[codeIndex(code)] = share;

/** Index 0-17575 of a 3-letter code (case-insensitive), or -1 when it is not three ASCII letters. */
export function codeIndex(code: string): number {
  if (code.length !== 3) return -1;
  const a = (code.charCodeAt(0) | 0x20) - 97;
  const b = (code.charCodeAt(1) | 0x20) - 97;
  const c = (code.charCodeAt(2) | 0x20) - 97;
  if (a < 0 || a > 25 || b < 0 || b > 25 || c < 0 || c > 25) return -1;
  return (a * 26 + b) * 26 + c;
}

/** The codeIndex of a country code, surrounding spaces ignored; -1 when not three ASCII letters. */
export function countryIndex(countryIso: string): number {
  const i = codeIndex(countryIso);
  if (i >= 0) return i;
  const trimmed = countryIso.trim();
  return trimmed === countryIso ? -1 : codeIndex(trimmed);
}

/**
 * The table's share for a countryIndex, NaN when the country is not in the table (or for -1).
 * Always a read from the table, so optimised code gets a plain number: a NaN constant on the
 * other branch made V8 box every share it read.
 */
export const shareOfIndex = (i: number): number => BY_CODE[i >= 0 ? i : NOT_A_CODE]!;

/** The table's share for a 3-letter code (case-insensitive), undefined when not in the table. */
export function lookupMarketShare(countryIso: string): number | undefined {
  const m = shareOfIndex(countryIndex(countryIso));
  return m === m ? m : undefined; // NaN marks a code not in the table
}

/** The country's share of world market capitalisation, DEFAULT_MARKET_SHARE when unknown. */
export function marketShare(countryIso: string): number {
  const m = lookupMarketShare(countryIso);
  return m === undefined ? DEFAULT_MARKET_SHARE : m;
}

/** The upper-case 3-letter code of a codeIndex. */
export function codeFromIndex(i: number): string {
  const c = i % 26;
  const b = Math.floor(i / 26) % 26;
  const a = Math.floor(i / 676);
  return String.fromCharCode(65 + a, 65 + b, 65 + c);
}
