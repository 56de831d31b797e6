import { Readable } from 'node:stream';
import fc from 'fast-check';
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
import { CsvTextDecoder } from './csv-text.js';
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
  });

  it.each<[string, number | null]>([
    // Thousands grouped by points as spreadsheets in most of Europe write them, with a comma
    // or more than one point to tell the groups from a decimal point.
    ['1.250.000', 1250000],
    ['1.250.000,50', 1250000.5],
    ['1.250,5', 1250.5],
    ['EUR 1.250.000', 1250000],
    ['1 250 000,5 €', 1250000.5],
    ['1.250', 1.25],
    ['1.25.000', null],
    ['1,250,000', null],
  ])('reads %j in a file with decimal commas as %j', async (text, value) => {
    const table = customerTable(generateCustomers(1, { optional: true }), { optional: true });
    setCell(table, 0, 'aum', text);
    const { accepted } = await parseAll({
      buffer: toCsvBuffer(table, { delimiter: ';' }),
      filename: 'c.csv',
    });
    expect(accepted[0]?.record.aum ?? null).toBe(value);
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
});

/** Text as Windows-1252 bytes (Latin-1 letters, as Excel's plain CSV on Windows writes them). */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

describe("Excel's separator directive", () => {
  it.each([
    ['sep=;\r\n', { delimiter: ';', newline: '\r\n' }],
    ['SEP=,\n', { delimiter: ',' }],
    ['sep=\t\n', { delimiter: '\t' }],
  ] as [string, CsvOptions][])(
    '%j names the separator and is not a row',
    async (directive, csv) => {
      const records = generateCustomers(5, { seed: 5 });
      const text = directive + toCsv(customerTable(records), csv);
      const { result, accepted } = await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' });
      expect(summaryOf(result)).toMatchObject({ delimiter: csv.delimiter, accepted: 5 });
      expect(accepted.map((a) => a.row)).toEqual([2, 3, 4, 5, 6]);
      expect(accepted.map((a) => a.record)).toEqual(records);
    },
  );
});

describe('encodings', () => {
  const withIds = (count: number, ids: Record<number, string>) => {
    const records = generateCustomers(count, { seed: 3 });
    for (const [i, id] of Object.entries(ids)) records[Number(i)]!.customer_id = id;
    return toCsv(customerTable(records));
  };

  it("reads a Windows-1252 file (Excel's plain CSV) with its accented letters", async () => {
    const text = withIds(20, { 0: 'JOSÉ-0001', 7: 'ZÜRICH-ÅS' });
    const { result, accepted } = await parseAll({ buffer: windows1252(text), filename: 'c.csv' });
    expect(summaryOf(result)).toMatchObject({ accepted: 20, rejected: 0 });
    expect(accepted[0]!.record.customer_id).toBe('JOSÉ-0001');
    expect(accepted[7]!.record.customer_id).toBe('ZÜRICH-ÅS');
  });

  it('reads Windows-1252 letters first met far past the sniffed head', async () => {
    const text = withIds(3_000, { 2_500: 'CAFÉ-2500' });
    expect(text.indexOf('CAFÉ')).toBeGreaterThan(128 * 1024);
    const { result, accepted } = await parseAll({ buffer: windows1252(text), filename: 'c.csv' });
    expect(summaryOf(result)).toMatchObject({ accepted: 3_000, rejected: 0 });
    expect(accepted[2_500]!.record.customer_id).toBe('CAFÉ-2500');
  });

  it('reads UTF-8 letters as UTF-8, with or without a BOM', async () => {
    const text = withIds(5, { 1: 'JOSÉ-€-1' });
    for (const buffer of [Buffer.from(text), Buffer.from(`\uFEFF${text}`)]) {
      const { accepted } = await parseAll({ buffer, filename: 'c.csv' });
      expect(accepted[1]!.record.customer_id).toBe('JOSÉ-€-1');
    }
  });

  it.each(['utf16le', 'utf16be'] as const)(
    'reads UTF-16 with its byte-order mark (%s), however the chunks cut it',
    async (encoding) => {
      const text = withIds(600, { 2: 'ŁÓDŹ-€-2', 599: 'ŁÓDŹ-€-599' });
      expect(text.length * 2).toBeGreaterThan(128 * 1024); // past the sniffed head
      const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const bytes = encoding === 'utf16le' ? le : Buffer.from(le).swap16();
      // Odd-sized chunks cut characters in half.
      const chunks = Array.from({ length: Math.ceil(bytes.length / 333) }, (_, i) =>
        bytes.subarray(i * 333, (i + 1) * 333),
      );
      const { result, accepted } = await parseAll({
        stream: Readable.from(chunks),
        filename: 'c.csv',
      });
      expect(summaryOf(result)).toMatchObject({ accepted: 600, rejected: 0 });
      expect(accepted[2]!.record.customer_id).toBe('ŁÓDŹ-€-2');
      expect(accepted[599]!.record.customer_id).toBe('ŁÓDŹ-€-599');
    },
  );

  it('fails a UTF-8 file with invalid bytes further on, with the byte offset', async () => {
    const utf8 = Buffer.from(withIds(2_000, { 0: 'JOSÉ-0001' }));
    const bad = Buffer.concat([utf8, Buffer.from([0xc3, 0x28]), Buffer.from('\n')]);
    const error = errorOf((await parseAll({ buffer: bad, filename: 'c.csv' })).result);
    expect(error.code).toBe('malformed_csv');
    expect(error.message).toMatch(/CSV UTF-8/);
    expect(error.details).toMatchObject({ byteOffset: expect.any(Number) });
  });
});

describe('CsvTextDecoder', () => {
  const decodeAll = (chunks: Uint8Array[]) => {
    const decoder = new CsvTextDecoder();
    const text = chunks.map((c) => decoder.decode(c)).join('') + decoder.end();
    return { text, encoding: decoder.encoding };
  };
  const splitAt = (bytes: Buffer, cuts: number[]) =>
    [0, ...cuts, bytes.length]
      .slice(1)
      .map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));

  it('reads a Windows-1252 letter cut off at the end of a chunk', () => {
    expect(decodeAll([windows1252('abc\u00e9'), windows1252('def')])).toEqual({
      text: 'abc\u00e9def',
      encoding: 'windows-1252',
    });
    expect(decodeAll([windows1252('abc\u00e9')])).toEqual({
      text: 'abc\u00e9',
      encoding: 'windows-1252',
    });
  });

  it('reads a UTF-8 character cut across chunks', () => {
    const bytes = Buffer.from('ab\u00e9\u20ac!');
    expect(decodeAll(splitAt(bytes, [3, 5, 6]))).toEqual({
      text: 'ab\u00e9\u20ac!',
      encoding: 'utf-8',
    });
  });

  it('leaves the encoding open while the text is ASCII', () => {
    expect(decodeAll([Buffer.from('a,b\n'), Buffer.from('1,2\n')])).toEqual({
      text: 'a,b\n1,2\n',
      encoding: null,
    });
  });

  // Latin-1 letters (one byte each in Windows-1252), each followed by ASCII so that the
  // Windows-1252 bytes can never be read as UTF-8.
  const latinText = fc
    .array(
      fc.tuple(
        fc.constantFrom('\u00e9', '\u00fc', '\u00c5', '\u00df', '\u00f1', '\u00b0'),
        fc
          .string({ minLength: 1, maxLength: 20 })
          .map((s) => s.replace(/[^\x20-\x7e]/g, 'x') || 'x'),
      ),
      { minLength: 1, maxLength: 20 },
    )
    .map((parts) => parts.map(([letter, ascii]) => letter + ascii).join(''));

  it('gives back any text in either encoding, however the bytes are cut into chunks', () => {
    fc.assert(
      fc.property(latinText, fc.array(fc.nat(), { maxLength: 8 }), (text, rawCuts) => {
        for (const [bytes, encoding] of [
          [Buffer.from(text), 'utf-8'],
          [windows1252(text), 'windows-1252'],
        ] as const) {
          const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          expect(decodeAll(splitAt(bytes, cuts))).toEqual({ text, encoding });
        }
      }),
    );
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
    // A title above the header: the line with the most separators decides.
    ['Exported on 2026-11-01; by Ops\ncustomer_id,age,risk_profile\n1,2,3\n', ','],
    ['Book, Q3\n\ncustomer_id;age;risk_profile;cash_pct\n1;2,5;3;4\n', ';'],
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
