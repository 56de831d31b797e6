import { describe, expect, it } from 'vitest';
import { slugify } from '../utils/file-name';

describe('slugify', () => {
  it.each([
    ['Jane Doe', 'jane-doe'],
    ["Zoë O'Brien", 'zoe-o-brien'],
    ['  --  ', 'export'],
  ])('%s → %s', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });
});
