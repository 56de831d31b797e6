import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPlain, num, pct, signed } from './format.js';

describe('number formatting', () => {
  it('shows at most one decimal without a trailing .0', () => {
    expect(num(2.4)).toBe('2.4');
    expect(num(32)).toBe('32');
    expect(num(-32)).toBe('-32');
    expect(num(-18.46)).toBe('-18.5');
    expect(num(0.04)).toBe('0');
    expect(num(-0.04)).toBe('0');
    expect(num(12345.67)).toBe('12345.7');
    expect(num(1e15)).toBe('1000000000000000');
  });

  it('signs positive values and formats shares as whole percents', () => {
    expect(signed(0.3)).toBe('+0.3');
    expect(signed(-0.3)).toBe('-0.3');
    expect(signed(0)).toBe('0');
    expect(pct(0.734)).toBe('73');
  });

  it('the cached formatter always equals the plain definition', () => {
    fc.assert(
      fc.property(fc.double({ min: -20_000, max: 20_000, noNaN: true }), (x) => {
        expect(num(x)).toBe(formatPlain(x));
        expect(num(x)).toBe(formatPlain(x)); // second call hits the cache
      }),
      { numRuns: 2000 },
    );
  });
});
