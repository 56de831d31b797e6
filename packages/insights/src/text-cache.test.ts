import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairTextCache, TextCache, flat } from './text-cache.js';

describe('flat', () => {
  it('gives back exactly the same characters, joined or not, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), (parts) => {
        let joined = '';
        for (const part of parts) joined += part;
        expect(flat(joined)).toBe(joined);
      }),
      { numRuns: 2000 },
    );
    for (const text of ['', '\ud800', 'a\udc00b', '\t\\"\n', 'é€😀']) expect(flat(text)).toBe(text);
  });
});

describe('TextCache', () => {
  it('builds from the value rounded to one decimal and returns the same string after', () => {
    const seen: number[] = [];
    const cache = new TextCache((v) => {
      seen.push(v);
      return `v=${v}`;
    });
    expect(cache.get(2.44)).toBe('v=2.4');
    expect(cache.get(2.36)).toBe('v=2.4'); // same rounded value: cached, builder not called
    expect(cache.get(-2.36)).toBe('v=-2.4');
    expect(cache.get(25_000)).toBe('v=25000'); // beyond the table: built every time
    expect(seen).toEqual([2.4, -2.4, 25_000]);
  });

  it('gives the same text whatever order values arrive in', () => {
    const a = new TextCache((v) => `${v === 1 ? 'one' : 'many'} (${v})`);
    const b = new TextCache((v) => `${v === 1 ? 'one' : 'many'} (${v})`);
    const values = [1.04, 1, 0.96, 7, 1.01];
    const first = values.map((v) => a.get(v));
    const second = [...values]
      .reverse()
      .map((v) => b.get(v))
      .reverse();
    expect(first).toEqual(second);
  });
});

describe('PairTextCache', () => {
  it('caches per pair of integer keys and builds out-of-range keys every time', () => {
    let calls = 0;
    const cache = new PairTextCache((a, b) => {
      calls++;
      return `${a}/${b}`;
    });
    expect(cache.get(350, 80)).toBe('350/80');
    expect(cache.get(350, 80)).toBe('350/80');
    expect(calls).toBe(1);
    expect(cache.get(100_000, 1)).toBe('100000/1');
    expect(cache.get(100_000, 1)).toBe('100000/1');
    expect(calls).toBe(3);
  });
});
