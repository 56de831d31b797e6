import { describe, expect, it } from 'vitest';
import { csvCell, slugify, toCsv, type CsvValue } from '../utils/csv';

describe('csvCell', () => {
  const cases: Array<[string, CsvValue, string]> = [
    ['plain text', 'GBR', 'GBR'],
    ['empty text', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['an integer', 42, '42'],
    ['a decimal', 7.25, '7.25'],
    ['a negative number stays a number', -5, '-5'],
    ['NaN', Number.NaN, ''],
    ['a boolean', true, 'true'],
    ['a formula', '=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['a plus sign', '+1 555 0100', "'+1 555 0100"],
    ['a minus sign', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(1)', "'@SUM(1)"],
    ['a leading tab', '\tcmd', "'\tcmd"],
    ['a leading carriage return', '\r=1', '"\'\r=1"'],
    ['a formula after the first character is fine', 'a=b', 'a=b'],
    ['a comma', 'Call, then email', '"Call, then email"'],
    ['double quotes', 'Say "hi"', '"Say ""hi"""'],
    ['a line feed', 'line 1\nline 2', '"line 1\nline 2"'],
    [
      'a formula with a comma',
      '=HYPERLINK("http://x", "y")',
      '"\'=HYPERLINK(""http://x"", ""y"")"',
    ],
    ['a DDE payload', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['unicode', 'Zoë Müller', 'Zoë Müller'],
  ];

  it.each(cases)('%s', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-separated record per row', () => {
    const rows = [
      { id: 'C-1', action: 'Call, today', score: 8.5 },
      { id: '=1+1', action: 'Review "risk"', score: -1 },
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
