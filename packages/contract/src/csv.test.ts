import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, unescapeFormula, type CsvValue } from './csv.js';

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
    ['a negative number as text is still a number', '-38.1', '-38.1'],
    ['a signed number as text', '+5', '+5'],
    ['a decimal comma (quoted for its comma)', '-0,25', '"-0,25"'],
    ['a percentage', '-12%', '-12%'],
    ['an exponent', '-1.5e3', '-1.5e3'],
    ['a number then text is text', '-38.1 GBP', "'-38.1 GBP"],
    ['two minus signs', '--1', "'--1"],
    ['a lone minus', '-', "'-"],
    ['a leading space', ' x', '" x"'],
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

describe('unescapeFormula', () => {
  it.each([
    ["'=SUM(A1)", '=SUM(A1)'],
    ["'-38.1", '-38.1'],
    ["'@x", '@x'],
    ["'quoted", "'quoted"],
    ["'", "'"],
    ['-38.1', '-38.1'],
    ['', ''],
  ])('%j → %j', (cell, expected) => {
    expect(unescapeFormula(cell)).toBe(expected);
  });

  it('undoes what csvCell escaped', () => {
    for (const text of ['=1+1', '-2+3', '@SUM(1)', '+1 555 0100', '-38.1', 'plain'])
      expect(unescapeFormula(csvCell(text))).toBe(text);
  });
});

describe('csvLine', () => {
  it('joins the cells with commas', () => {
    expect(csvLine(['C-1', -38.1, '-38.1', '=1', null])).toBe("C-1,-38.1,-38.1,'=1,");
  });
});
