import {
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SHEET_HEAD,
  buildZip,
  columnLetters,
  customerTable,
  errorOf,
  fakeOleFile,
  generateCustomers,
  minimalXlsx,
  parseAll,
  setCell,
  sheetXml,
  summaryOf,
  toXls,
  toXlsx,
  zipBombXlsx,
  type CellFormat,
  type Table,
} from '../../../../test/fixtures/customer-files.js';
import { isPercentFormat } from './excel-reader.js';
import { ZipArchive } from './zip.js';

const dir = mkdtempSync(join(tmpdir(), 'behavio-excel-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const records = generateCustomers(40, { seed: 11, optional: true });
const table = () => customerTable(records, { optional: true });

describe('.xlsx', () => {
  it('reads the first sheet as typed records, from a buffer, a path or a stream', async () => {
    const bytes = await toXlsx(table(), {
      sheetsBefore: [],
    });
    const path = join(dir, 'c.xlsx');
    writeFileSync(path, bytes);
    for (const input of [
      { buffer: bytes, filename: 'c.xlsx' },
      { path, filename: 'c.xlsx' },
      {
        stream: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
        filename: 'c.XLSX',
      },
    ]) {
      const { result, accepted } = await parseAll(input);
      const summary = summaryOf(result);
      expect(summary).toMatchObject({
        file_type: 'xlsx',
        delimiter: null,
        accepted: 40,
        rejected: 0,
      });
      expect(accepted.map((a) => a.record)).toEqual(records);
      expect(accepted[0]?.row).toBe(2);
    }
  });

  it('reads booleans, rich text, formulas (their results) and treats dates as invalid numbers', async () => {
    const t = table();
    t.header.push('Joined');
    t.rows.forEach((row) => row.push(null));
    const bytes = await toXlsx(t, {
      richText: [[0, 'customer_id', ['RICH-', '001']]],
      formulas: [
        [1, 'age', '40+2', 42],
        [2, 'customer_id', 'CONCAT("F-","2")', 'F-2'],
      ],
      dates: [
        [3, 'age', new Date(Date.UTC(2024, 0, 15))],
        [4, 'Joined', new Date(Date.UTC(2023, 5, 1))],
      ],
    });
    const { result, accepted, rejected } = await parseAll({ buffer: bytes, filename: 'c.xlsx' });
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ accepted: 39, rejected: 1 });
    expect(accepted[0]?.record.customer_id).toBe('RICH-001');
    expect(accepted[1]?.record.age).toBe(42);
    expect(accepted[2]?.record.customer_id).toBe('F-2');
    expect(accepted[0]?.record.limit_orders_at_purchase_px).toBe(
      records[0]?.limit_orders_at_purchase_px,
    );
    expect(rejected[0]?.problems).toEqual([
      {
        row: 5,
        column: 'age',
        value: '2024-01-15',
        reason: 'must be a whole number between 18 and 120',
      },
    ]);
    expect(summary.preview_rows[4]?.joined).toBe('2023-06-01');
  });

  it('reads only the first sheet in tab order, wherever it sits in the zip', async () => {
    const other: Table = { header: ['junk'], rows: [['x']] };
    const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Customers" sheetId="2" r:id="rId2"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`;
    const bytes = buildZip([
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml(other) },
      { name: 'xl/worksheets/sheet2.xml', data: sheetXml(table()) },
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/_rels/workbook.xml.rels', data: rels },
    ]);
    const { result, accepted } = await parseAll({ buffer: bytes, filename: 'c.xlsx' });
    expect(summaryOf(result).accepted).toBe(40);
    expect(accepted.map((a) => a.record)).toEqual(records);
  });

  it('uses spreadsheet row numbers when rows start lower or have gaps', async () => {
    const t = table();
    const rows = [t.header, ...t.rows.slice(0, 3)]
      .map((row, i) => {
        const r = [3, 4, 7, 8][i] as number;
        const cells = row
          .map((v, c) =>
            v === null
              ? ''
              : typeof v === 'number'
                ? `<c r="${columnLetters(c + 1)}${r}"><v>${v}</v></c>`
                : `<c r="${columnLetters(c + 1)}${r}" t="inlineStr"><is><t>${String(v)}</t></is></c>`,
          )
          .join('');
        return `<row r="${r}">${cells}</row>`;
      })
      .join('');
    const bytes = minimalXlsx(
      `${SHEET_HEAD}<sheetData><row r="1"/>${rows}</sheetData></worksheet>`,
    );
    const { result, accepted } = await parseAll({ buffer: bytes, filename: 'c.xlsx' });
    expect(summaryOf(result).header_row).toBe(3);
    expect(accepted.map((a) => a.row)).toEqual([4, 7, 8]);
  });

  it('decodes characters split across inflate chunks', async () => {
    const t = customerTable(generateCustomers(12), {
      extras: [{ name: 'note', value: (i) => `${i}:` + 'é€🙂ü'.repeat(1_500) }],
    });
    const { result } = await parseAll({ buffer: minimalXlsx(sheetXml(t)), filename: 'c.xlsx' });
    const summary = summaryOf(result);
    expect(summary.accepted).toBe(12);
    summary.preview_rows.forEach((row, i) =>
      expect(row.note).toBe(`${i}:` + 'é€🙂ü'.repeat(1_500)),
    );
  });

  it('reports a header-only sheet and an empty sheet', async () => {
    const headerOnly = minimalXlsx(sheetXml({ header: table().header, rows: [] }));
    expect(errorOf((await parseAll({ buffer: headerOnly, filename: 'c.xlsx' })).result).code).toBe(
      'no_rows',
    );
    const empty = minimalXlsx(`${SHEET_HEAD}<sheetData/></worksheet>`);
    expect(errorOf((await parseAll({ buffer: empty, filename: 'c.xlsx' })).result).message).toBe(
      'The file is empty',
    );
  });

  it('finds the header below a title row, as exports from other tools write it', async () => {
    const t = table();
    const titled: Table = { header: ['Customer book, Q3'], rows: [[], t.header, ...t.rows] };
    const { result, accepted } = await parseAll({
      buffer: await toXlsx(titled),
      filename: 'c.xlsx',
    });
    expect(summaryOf(result)).toMatchObject({ accepted: 40, rejected: 0 });
    expect(accepted[0]).toMatchObject({ row: 4, record: records[0] });
  });

  it('fails on missing columns like a CSV', async () => {
    const t = customerTable(records.slice(0, 2), { omit: ['country_iso'] });
    const error = errorOf((await parseAll({ buffer: await toXlsx(t), filename: 'c.xlsx' })).result);
    expect(error.message).toBe('Missing required columns: country_iso');
  });
});

describe('percent-formatted numbers', () => {
  /** Row 0: cash_pct as a fraction shown in percent; row 1: age 0.4 shown as 40%; row 2: "%" printed only. */
  const percentTable = () => {
    const t = customerTable(records.slice(0, 3));
    setCell(t, 0, 'cash_pct', records[0]!.cash_pct / 100);
    setCell(t, 1, 'age', 0.4);
    setCell(t, 2, 'cash_pct', records[2]!.cash_pct);
    return t;
  };
  const formats: CellFormat[] = [
    [0, 'cash_pct', '0.0%'],
    [1, 'age', '0%'],
    [2, 'cash_pct', '0.0"%"'],
  ];

  it.each([
    ['xlsx', async () => toXlsx(percentTable(), { numFmts: formats })],
    ['xls', async () => toXls(percentTable(), 'Customers', formats)],
  ])('read as the sheet shows them, as a CSV saved by Excel would (%s)', async (type, build) => {
    const { accepted, rejected } = await parseAll({ buffer: await build(), filename: `c.${type}` });
    expect(accepted.map((a) => [a.row, a.record.cash_pct])).toEqual([
      [2, records[0]!.cash_pct],
      [4, records[2]!.cash_pct],
    ]);
    expect(rejected[0]?.problems).toEqual([
      expect.objectContaining({ column: 'age', value: '40%' }),
    ]);
  });

  it.each([
    ['0%', true],
    ['0.00%', true],
    ['#,##0.0%;[Red]-#,##0.0%', true],
    ['0"%"', false],
    ['0\\%', false],
    ['#,##0', false],
    [undefined, false],
  ])('format %j is a percentage: %j', (format, percent) => {
    expect(isPercentFormat(format)).toBe(percent);
  });
});

describe('.xls', () => {
  it('reads the first sheet with SheetJS', async () => {
    const t = table();
    setCell(t, 2, 'age', 'old');
    const { result, accepted, rejected } = await parseAll({ buffer: toXls(t), filename: 'c.xls' });
    expect(summaryOf(result)).toMatchObject({ file_type: 'xls', accepted: 39, rejected: 1 });
    expect(accepted[0]?.record).toEqual(records[0]);
    expect(rejected[0]?.row).toBe(4);
  });

  it('reads an .xls named .xlsx and an .xlsx named .xls (content decides)', async () => {
    const asXlsx = await parseAll({ buffer: toXls(table()), filename: 'c.xlsx' });
    expect(summaryOf(asXlsx.result)).toMatchObject({ file_type: 'xls', accepted: 40 });
    const asXls = await parseAll({ buffer: await toXlsx(table()), filename: 'c.xls' });
    expect(summaryOf(asXls.result)).toMatchObject({ file_type: 'xlsx', accepted: 40 });
  });

  it('refuses an .xls over 50 MB before reading it', async () => {
    const path = join(dir, 'big.xls');
    const fd = openSync(path, 'w');
    writeSync(fd, fakeOleFile(512));
    closeSync(fd);
    truncateSync(path, 50 * 1024 * 1024 + 1); // sparse: nothing is written
    const error = errorOf((await parseAll({ path, filename: 'big.xls' })).result);
    expect(error.code).toBe('file_too_large');
    expect(error.message).toMatch(/limited to 50 MB/);
    const streamed = Readable.from(
      (function* () {
        yield fakeOleFile(512);
        for (let i = 0; i < 51; i++) yield Buffer.alloc(1024 * 1024);
      })(),
    );
    const error2 = errorOf((await parseAll({ stream: streamed, filename: 'big.xls' })).result);
    expect(error2.code).toBe('file_too_large');
  });

  it('reports a damaged .xls', async () => {
    const error = errorOf(
      (await parseAll({ buffer: fakeOleFile(8192), filename: 'c.xls' })).result,
    );
    expect(error.code).toBe('unreadable');
  });
});

describe('hostile and damaged .xlsx', () => {
  it('refuses a zip bomb from its central directory, before inflating', async () => {
    const bomb = await zipBombXlsx(200);
    expect(bomb.length).toBeLessThan(400_000);
    const started = performance.now();
    const error = errorOf((await parseAll({ buffer: bomb, filename: 'bomb.xlsx' })).result);
    expect(error.code).toBe('zip_bomb');
    expect(error.details.ratio).toBeGreaterThan(100);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a zip bomb that lies about its sizes, once it expands past them', async () => {
    const bomb = await zipBombXlsx(200, { lieAboutSize: true });
    const error = errorOf((await parseAll({ buffer: bomb, filename: 'bomb.xlsx' })).result);
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(/expands to far more data/);
  });

  it('refuses archives whose declared total is over the limit', async () => {
    const path = join(dir, 'total.xlsx');
    writeFileSync(path, await toXlsx(table()));
    await expect(
      ZipArchive.open(path, {
        maxEntries: 100,
        maxTotalUncompressedBytes: 10_000,
        ratioCheckFromBytes: 1e9,
        maxCompressionRatio: 100,
      }),
    ).rejects.toMatchObject({ code: 'zip_bomb' });
  });

  it('refuses a sheet whose dimension declares more than 1,000 columns', async () => {
    const sheet = sheetXml(table(), { dimension: 'A1:ALN41' });
    const error = errorOf(
      (await parseAll({ buffer: minimalXlsx(sheet), filename: 'c.xlsx' })).result,
    );
    expect(error.code).toBe('too_many_columns');
    expect(error.details.columns).toBe(1002);
  });

  it('refuses a row with more than 1,000 columns', async () => {
    const wide: Table = {
      header: Array.from({ length: 1_001 }, (_, i) => `c${i}`),
      rows: [Array.from({ length: 1_001 }, () => 1)],
    };
    const error = errorOf(
      (await parseAll({ buffer: minimalXlsx(sheetXml(wide)), filename: 'c.xlsx' })).result,
    );
    expect(error.code).toBe('too_many_columns');
  });

  it('refuses an absurd cell reference quickly (exceljs bounds columns at XFD)', async () => {
    const sheet = `${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>customer_id</t></is></c><c r="ZZZZZZZ1"><v>1</v></c></row></sheetData></worksheet>`;
    const started = performance.now();
    const error = errorOf(
      (await parseAll({ buffer: minimalXlsx(sheet), filename: 'c.xlsx' })).result,
    );
    expect(error.code).toBe('unreadable');
    expect(error.details.reason).toMatch(/Out of bounds/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('reports truncated, corrupted and non-spreadsheet zips as unreadable', async () => {
    const good = await toXlsx(table());
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    expect(errorOf((await parseAll({ buffer: truncated, filename: 'c.xlsx' })).result).code).toBe(
      'unreadable',
    );

    const sheet = sheetXml(table());
    const stored = minimalXlsx({ name: 'xl/worksheets/sheet1.xml', data: sheet, method: 0 });
    const at = stored.indexOf(Buffer.from('C-100005'));
    stored[at] = 'D'.charCodeAt(0); // the CRC no longer matches
    const crc = errorOf((await parseAll({ buffer: stored, filename: 'c.xlsx' })).result);
    expect(crc.code).toBe('unreadable');
    expect(crc.details.reason).toMatch(/CRC/);

    const docx = buildZip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    expect(errorOf((await parseAll({ buffer: docx, filename: 'c.xlsx' })).result).code).toBe(
      'unreadable',
    );

    const badXml = minimalXlsx(
      `${SHEET_HEAD}<sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData>`,
    );
    expect(errorOf((await parseAll({ buffer: badXml, filename: 'c.xlsx' })).result).code).toBe(
      'unreadable',
    );
  });
});
