import { describe, expect, it } from 'vitest';
import { num, pct, signed } from './format.js';

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
});
