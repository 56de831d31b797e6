import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvOf,
  customerTable,
  errorOf,
  generateCustomers,
  parseAll,
  setCell,
  summaryOf,
  toCsv,
  toCsvBuffer,
  type CsvOptions,
} from '../../../../test/fixtures/customer-files.js';
import { detectDialect } from './index.js';

const dialects: [string, CsvOptions][] = [
  ['comma', { delimiter: ',' }],
  ['semicolon', { delimiter: ';' }],
  ['tab', { delimiter: '\t' }],
  ['comma + BOM', { delimiter: ',', bom: true }],
  ['semicolon + BOM + CRLF', { delimiter: ';', bom: true, newline: '\r\n' }],
  ['tab + CRLF', { delimiter: '\t', newline: '\r\n' }],
  ['every field quoted', { delimiter: ',', quote: 'all' }],
  ['semicolon, quoted, decimal comma', { delimiter: ';', quote: 'all', decimalComma: true }],
  ['semicolon, decimal comma, CRLF', { delimiter: ';', decimalComma: true, newline: '\r\n' }],
  ['no final newline', { delimiter: ',', finalNewline: false }],
];

describe('CSV dialects', () => {
  it.each(dialects)('%s: every row accepted with the same values', async (_name, csv) => {
    const records = generateCustomers(50, { seed: 7, optional: true });
    const { result, accepted, rejected } = await parseAll({
      buffer: toCsvBuffer(customerTable(records, { optional: true }), csv),
      filename: 'customers.csv',
    });
    const summary = summaryOf(result);
    expect(rejected).toEqual([]);
    expect(summary).toMatchObject({ total_rows: 50, accepted: 50, rejected: 0, complete: true });
    expect(summary.delimiter).toBe(csv.delimiter);
    expect(accepted.map((a) => a.record)).toEqual(records);
    expect(accepted.map((a) => a.row)).toEqual(records.map((_, i) => i + 2));
  });

  it('reads the same rows from a stream delivered one byte at a time (UTF-8 split across chunks)', async () => {
    const records = generateCustomers(20, { seed: 3 });
    const table = customerTable(records, {
      extras: [{ name: 'note', value: (i) => `Zürich – ¥€ ${i} 🙂` }],
    });
    const bytes = toCsvBuffer(table, { delimiter: ';', bom: true, newline: '\r\n' });
    const oneByOne = Readable.from(
      (function* () {
        for (const b of bytes) yield Buffer.from([b]);
      })(),
    );
    const { result, accepted } = await parseAll({ stream: oneByOne, filename: 'c.csv' });
    const summary = summaryOf(result);
    expect(summary.accepted).toBe(20);
    expect(accepted.map((a) => a.record)).toEqual(records);
    expect(summary.preview_rows[0]?.note).toBe('Zürich – ¥€ 0 🙂');
  });

  it('keeps separators, quotes and line breaks inside quoted fields; row numbers follow records', async () => {
    const records = generateCustomers(3, { seed: 5 });
    const table = customerTable(records, {
      extras: [
        {
          name: 'comment',
          value: (i) =>
            [`says "hi", twice;\ttab`, `line one\nline two\r\nline three`, ''][i] ?? null,
        },
      ],
    });
    setCell(table, 1, 'customer_id', 'ID,WITH;SEPARATORS');
    for (const delimiter of [',', ';', '\t'] as const) {
      const { result, accepted } = await parseAll({
        buffer: toCsvBuffer(table, { delimiter }),
        filename: 'c.csv',
      });
      const summary = summaryOf(result);
      expect(summary.accepted).toBe(3);
      expect(summary.delimiter).toBe(delimiter);
      expect(accepted.map((a) => a.row)).toEqual([2, 3, 4]);
      expect(accepted[1]?.record.customer_id).toBe('ID,WITH;SEPARATORS');
      expect(summary.preview_rows[0]?.comment).toBe('says "hi", twice;\ttab');
      expect(summary.preview_rows[1]?.comment).toBe('line one\nline two\r\nline three');
      expect(summary.preview_rows[2]?.comment).toBeNull();
    }
  });

  it('reads quoted multi-line values and CRLF split across many chunks', async () => {
    const records = generateCustomers(4_000, { seed: 13 });
    const table = customerTable(records, {
      extras: [{ name: 'comment', value: (i) => `a "quote", a;semicolon\r\nand é€ ${i}` }],
    });
    const bytes = toCsvBuffer(table, { delimiter: ';', newline: '\r\n', bom: true });
    expect(bytes.length).toBeGreaterThan(500_000);
    // Odd chunk sizes so that boundaries fall inside quotes, CRLF pairs and UTF-8 sequences.
    const chunks = (function* () {
      for (let i = 0, size = 1; i < bytes.length; i += size, size = 1 + ((size * 7 + 3) % 9_973)) {
        yield bytes.subarray(i, i + size);
      }
    })();
    const { result, accepted } = await parseAll({
      stream: Readable.from(chunks),
      filename: 'c.csv',
    });
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ total_rows: 4_000, accepted: 4_000 });
    expect(accepted.map((a) => a.record)).toEqual(records);
    expect(accepted.at(-1)?.row).toBe(4_001);
    expect(summary.preview_rows[3]?.comment).toBe('a "quote", a;semicolon\r\nand é€ 3');
  });

  it('skips blank lines, lines of separators and lines of spaces, counting them in row numbers', async () => {
    const table = customerTable(generateCustomers(4, { seed: 9 }));
    const text = toCsv(table, {
      delimiter: ';',
      blankAfter: [
        { index: 0, kind: 'empty' },
        { index: 1, kind: 'separators' },
        { index: 2, kind: 'spaces' },
      ],
    });
    const { result, accepted } = await parseAll({
      buffer: Buffer.from(`\n\n${text}\n\n`),
      filename: 'c.csv',
    });
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ header_row: 3, total_rows: 4, accepted: 4 });
    // header on line 3; data on 4, (blank 5), 6, (separators 7), 8, (spaces 9), 10
    expect(accepted.map((a) => a.row)).toEqual([4, 6, 8, 10]);
  });

  it('accepts a decimal comma in semicolon files only', async () => {
    const table = customerTable(generateCustomers(1, { seed: 1 }));
    setCell(table, 0, 'leverage_ratio', '1,5');
    setCell(table, 0, 'positive_news_sentiment_7d', '-0,25');
    const semi = await parseAll({
      buffer: toCsvBuffer(table, { delimiter: ';' }),
      filename: 'c.csv',
    });
    expect(semi.accepted[0]?.record).toMatchObject({
      leverage_ratio: 1.5,
      positive_news_sentiment_7d: -0.25,
    });
    expect(semi.accepted[0]?.copyText.split('\t')[12]).toBe('1.5');

    const comma = await parseAll({
      buffer: toCsvBuffer(table, { delimiter: ',' }),
      filename: 'c.csv',
    });
    expect(summaryOf(comma.result)).toMatchObject({ accepted: 0, rejected: 1 });
    expect(comma.rejected[0]?.problems.map((p) => p.column)).toEqual([
      'leverage_ratio',
      'positive_news_sentiment_7d',
    ]);

    // "1.234,5" (thousands point and decimal comma) stays ambiguous, so invalid.
    setCell(table, 0, 'leverage_ratio', '1.234,5');
    setCell(table, 0, 'positive_news_sentiment_7d', '0');
    const mixed = await parseAll({
      buffer: toCsvBuffer(table, { delimiter: ';' }),
      filename: 'c.csv',
    });
    expect(mixed.rejected[0]?.problems[0]?.column).toBe('leverage_ratio');
  });

  it('reads old Mac line breaks (CR only)', async () => {
    const text = toCsv(customerTable(generateCustomers(3)), {}).replace(/\n/g, '\r');
    const { result } = await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' });
    expect(summaryOf(result).accepted).toBe(3);
  });

  it('rejects a row with a misplaced quote and carries on', async () => {
    // papaparse reads on to the next quote that closes a field: with every field quoted, that
    // is the next field of the same row, so the rows stay aligned.
    const table = customerTable(generateCustomers(3, { seed: 2 }));
    const lines = toCsv(table, { quote: 'all' }).split('\n');
    lines[2] = lines[2]!.replace(/^("[^"]*")/, '$1x');
    const { result, rejected, accepted } = await parseAll({
      buffer: Buffer.from(lines.join('\n')),
      filename: 'c.csv',
    });
    expect(summaryOf(result)).toMatchObject({ total_rows: 3, accepted: 2, rejected: 1 });
    expect(rejected[0]?.row).toBe(3);
    expect(rejected[0]?.problems[0]?.reason).toMatch(/misplaced quote/);
    expect(accepted.map((a) => a.row)).toEqual([2, 4]);
  });

  it('fails on a quote that is never closed, naming the row', async () => {
    const text = toCsv(customerTable(generateCustomers(3))) + '"C-9,GBR,40\n';
    const error = errorOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(error.code).toBe('malformed_csv');
    expect(error.message).toMatch(/row 5 is never closed/);
  });

  it('fails fast on an open quote that swallows the rest of a big file', async () => {
    const body = csvOf(30_000).toString('utf8');
    const cut = body.indexOf('\n', 1000);
    const text = body.slice(0, cut + 1) + '"' + body.slice(cut + 1);
    const error = errorOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(error.code).toBe('value_too_long');
    expect(error.message).toMatch(/quote/);
  });

  it('fails on invalid UTF-8 after the sniffed head, with the byte offset', async () => {
    const head = csvOf(2_000);
    const bad = Buffer.concat([head, Buffer.from([0xc3, 0x28]), Buffer.from('\n')]);
    const error = errorOf((await parseAll({ buffer: bad, filename: 'c.csv' })).result);
    expect(error.code).toBe('malformed_csv');
    expect(error.message).toMatch(/CSV UTF-8/);
  });
});

describe('detectDialect', () => {
  it.each([
    ['a,b;c,d\n', ','],
    ['a;b;c,d\n', ';'],
    ['a\tb\tc;d\n', '\t'],
    ['"a;b;c";"x";"y"\n1,2,3', ';'],
    ['"x,y,z"\t"p"\t"q"\n', '\t'],
    ['\n\n  \ncustomer_id;age\n', ';'],
    ['single\n', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDialect(text).delimiter).toBe(delimiter);
  });

  it('finds the line break after the header, outside quotes', () => {
    expect(detectDialect('a,"b\nc",d\r\n1,2,3').newline).toBe('\r\n');
    expect(detectDialect('a,b\r1,2').newline).toBe('\r');
    expect(detectDialect('a,b\n1,2').newline).toBe('\n');
    expect(detectDialect('a,b').newline).toBe('\n');
  });
});
