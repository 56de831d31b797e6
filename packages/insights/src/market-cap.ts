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

/**
 * A country code as the texts show it: upper case without surrounding spaces when it is three
 * ASCII letters (" gbr" reads "GBR"), as written otherwise.
 */
export function displayCountryCode(countryIso: string): string {
  const trimmed = countryIso.trim();
  return /^[A-Za-z]{3}$/.test(trimmed) ? trimmed.toUpperCase() : countryIso;
}

/** The table's share for a country code (case-insensitive), undefined when not in the table. */
export const lookupMarketShare = (countryIso: string): number | undefined =>
  WORLD_MARKET_SHARE.get(displayCountryCode(countryIso));

/** The country's share of world market capitalisation, DEFAULT_MARKET_SHARE when unknown. */
export const marketShare = (countryIso: string): number =>
  lookupMarketShare(countryIso) ?? DEFAULT_MARKET_SHARE;
