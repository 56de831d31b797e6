import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKET_SHARE,
  WORLD_MARKET_SHARE,
  displayCountryCode,
  lookupMarketShare,
  marketShare,
} from './market-cap.js';

describe('world market-cap table', () => {
  it('holds shares that are each below one and add up to less than the whole world', () => {
    let total = 0;
    for (const [code, m] of WORLD_MARKET_SHARE) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(m).toBeGreaterThan(0);
      expect(m).toBeLessThan(1);
      total += m;
    }
    expect(total).toBeLessThan(1);
  });

  it('looks codes up case-insensitively and falls back for unknown ones', () => {
    expect(marketShare('USA')).toBe(0.425);
    expect(marketShare('gbr')).toBe(0.029);
    expect(marketShare(' DEU ')).toBe(0.02);
    expect(lookupMarketShare('XKX')).toBeUndefined();
    expect(marketShare('XKX')).toBe(DEFAULT_MARKET_SHARE);
    expect(marketShare('constructor')).toBe(DEFAULT_MARKET_SHARE);
    expect(marketShare('')).toBe(DEFAULT_MARKET_SHARE);
  });

  it('shows a code of three letters in upper case and any other as written', () => {
    expect(displayCountryCode(' gbr')).toBe('GBR');
    expect(displayCountryCode('XK1')).toBe('XK1');
    // Only ASCII letters: 'ſ' upper-cases to 'S', but "uſa" is not the United States.
    expect(displayCountryCode('uſa')).toBe('uſa');
    expect(lookupMarketShare('uſa')).toBeUndefined();
  });
});
