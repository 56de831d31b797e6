import { describe, expect, it } from 'vitest';
import { slugify, toCsv } from '../utils/csv';

describe('toCsv', () => {
  it('writes a header and one CRLF-separated record per row', () => {
    const rows = [
      { id: 'C-1', action: 'Call, today', score: 8.5 },
      { id: '=1+1', action: 'Review "risk"', score: -1 },
      { id: 'C-3', action: 'Hold', score: '-38.1' },
    ];
    const csv = toCsv(
      [
        { header: 'Customer ID', value: (row: (typeof rows)[number]) => row.id },
        { header: 'Recommended Action', value: (row) => row.action },
        { header: 'Priority Score', value: (row) => row.score },
      ],
      rows,
    );
    expect(csv).toBe(
      [
        'Customer ID,Recommended Action,Priority Score',
        'C-1,"Call, today",8.5',
        '\'=1+1,"Review ""risk""",-1',
        'C-3,Hold,-38.1',
      ].join('\r\n'),
    );
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'A', value: () => 1 }], [])).toBe('A');
  });
});

describe('slugify', () => {
  it.each([
    ['Jane Doe', 'jane-doe'],
    ["Zoë O'Brien", 'zoe-o-brien'],
    ['  --  ', 'export'],
  ])('%s → %s', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });
});
