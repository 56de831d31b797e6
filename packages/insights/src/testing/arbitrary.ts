import fc from 'fast-check';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type CustomerRecord } from '@behavio/contract';
import { WORLD_MARKET_SHARE } from '../market-cap.js';

/**
 * fast-check arbitrary of a valid CustomerRecord, built from the column ranges of
 * REQUIRED_COLUMNS and OPTIONAL_COLUMNS. Allocation percentages are drawn independently (a
 * superset of what ingestion accepts), so the engine is checked on every in-range value.
 */
const KNOWN_COUNTRIES = [...WORLD_MARKET_SHARE.keys()];

const country = fc.oneof(
  fc.constantFrom(...KNOWN_COUNTRIES),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 3, maxLength: 3 }),
  fc.constantFrom('gbr', 'usa', ' DEU', 'XK1'),
);

function columnArbitrary(c: (typeof REQUIRED_COLUMNS)[number]): fc.Arbitrary<unknown> {
  switch (c.kind) {
    case 'text':
      return fc.string({ minLength: 1, maxLength: c.max ?? 64 });
    case 'country':
      return country;
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(
        fc.integer({ min: c.min, max: Math.min(c.max, 400) }),
        fc.integer({ min: c.min, max: c.max }),
        fc.constantFrom(c.min, c.max),
      );
    case 'number':
      return fc.oneof(
        fc.double({ min: c.min, max: c.max, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(c.min, c.max),
      );
  }
}

const required = Object.fromEntries(REQUIRED_COLUMNS.map((c) => [c.name, columnArbitrary(c)])) as {
  [K in keyof CustomerRecord]: fc.Arbitrary<CustomerRecord[K]>;
};

const optional = Object.fromEntries(
  OPTIONAL_COLUMNS.map((c) => [
    c.name,
    fc.option(
      fc.oneof(
        fc.double({ min: c.min, max: c.max, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: 0, max: 1e8, noNaN: true, noDefaultInfinity: true }),
      ),
      { nil: null },
    ),
  ]),
);

/** Any valid customer row. */
export const customerRecordArb: fc.Arbitrary<CustomerRecord> = fc.record({
  ...required,
  ...optional,
}) as fc.Arbitrary<CustomerRecord>;
