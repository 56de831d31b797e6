import { EXAMPLE_CUSTOMER, REQUIRED_COLUMNS } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import {
  REQUIRED_NAMES,
  customerTable,
  errorOf,
  generateCustomers,
  parseAll,
  setCell,
  summaryOf,
  toCsvBuffer,
  type Cell,
  type TableOptions,
} from '../../../../test/fixtures/customer-files.js';
import { COPY_COLUMNS } from './index.js';

/** Parse one customer row (EXAMPLE_CUSTOMER with overrides) as a comma CSV. */
async function oneRow(overrides: Record<string, Cell>, table: TableOptions = {}) {
  const t = customerTable([{ ...EXAMPLE_CUSTOMER }], table);
  for (const [column, value] of Object.entries(overrides)) setCell(t, 0, column, value);
  return parseAll({ buffer: toCsvBuffer(t), filename: 'one.csv' });
}

async function problemsOf(overrides: Record<string, Cell>, table: TableOptions = {}) {
  const { rejected } = await oneRow(overrides, table);
  return rejected[0]?.problems ?? [];
}

describe('headers', () => {
  it('match after normalisation (case, spaces, hyphens, BOM)', async () => {
    const records = generateCustomers(2);
    const table = customerTable(records, {
      rename: {
        customer_id: 'Customer ID',
        country_iso: 'Country-ISO',
        age: ' AGE ',
        risk_profile: 'Risk  Profile',
      },
    });
    const { result, accepted } = await parseAll({
      buffer: toCsvBuffer(table, { bom: true }),
      filename: 'c.csv',
    });
    const summary = summaryOf(result);
    expect(accepted.map((a) => a.record)).toEqual(records);
    expect(summary.columns_info.slice(0, 3)).toEqual([
      { name: 'customer_id', header: 'Customer ID', required: true, kind: 'text' },
      { name: 'country_iso', header: 'Country-ISO', required: true, kind: 'country' },
      { name: 'age', header: 'AGE', required: true, kind: 'integer' },
    ]);
  });

  it('match the columns they spell in another way: camel case, other punctuation, % for pct', async () => {
    const records = generateCustomers(2, { optional: true });
    const table = customerTable(records, {
      optional: true,
      rename: {
        customer_id: 'CustomerId',
        country_iso: 'CountryISO',
        knowledge_quiz_score: 'knowledge.quiz.score',
        cash_pct: 'Cash %',
        single_stock_pct: 'Single Stock (%)',
        trade_turnover_30d_pct_peer: 'TradeTurnover30dPctPeer',
        positive_news_sentiment_7d: 'POSITIVE_NEWS_SENTIMENT_7D',
        days_since_last_average_down: 'Days since last average-down',
        revenue_12m: 'Revenue12M',
      },
    });
    const { result, accepted } = await parseAll({ buffer: toCsvBuffer(table), filename: 'c.csv' });
    expect(accepted.map((a) => a.record)).toEqual(records);
    const columns = summaryOf(result).columns_info;
    expect(columns.find((c) => c.header === 'Cash %')).toEqual({
      name: 'cash_pct',
      header: 'Cash %',
      required: true,
      kind: 'number',
    });
    expect(columns.filter((c) => c.required)).toHaveLength(REQUIRED_COLUMNS.length);
  });

  it('spelling one column twice are duplicates; other headers stay extra columns', async () => {
    const twice = customerTable(generateCustomers(1), {
      extras: [{ name: 'Customer.ID', value: () => 'x' }],
    });
    expect(
      errorOf((await parseAll({ buffer: toCsvBuffer(twice), filename: 'c.csv' })).result).message,
    ).toBe('Duplicate column names: customer_id');
    const extra = customerTable(generateCustomers(1), {
      extras: [{ name: 'Age (years)', value: () => '40' }],
    });
    const summary = summaryOf(
      (await parseAll({ buffer: toCsvBuffer(extra), filename: 'c.csv' })).result,
    );
    expect(summary.columns_info.at(-1)).toEqual({
      name: 'age_(years)',
      header: 'Age (years)',
      required: false,
      kind: null,
    });
  });

  it('are found below a title and an "exported on" line, keeping spreadsheet row numbers', async () => {
    const records = generateCustomers(3);
    const csv = toCsvBuffer(customerTable(records)).toString('utf8');
    const text = `Customer export,,\n\nExported on 2026-11-01 by Ops;\n${csv}`;
    const { result, accepted } = await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' });
    expect(summaryOf(result)).toMatchObject({ total_rows: 3, accepted: 3, rejected: 0 });
    expect(accepted.map((a) => [a.row, a.record])).toEqual(records.map((r, i) => [i + 5, r]));
  });

  it('name the missing columns of a header found below a title', async () => {
    const csv = toCsvBuffer(customerTable(generateCustomers(2), { omit: ['age'] })).toString();
    const { result } = await parseAll({
      buffer: Buffer.from(`Quarterly book\n${csv}`),
      filename: 'c.csv',
    });
    expect(errorOf(result).message).toBe('Missing required columns: age');
  });

  it('are not looked for past ten rows: the first row is then the header', async () => {
    const csv = toCsvBuffer(customerTable(generateCustomers(2))).toString();
    const titles = Array.from({ length: 11 }, (_, i) => `note ${i + 1}`).join('\n');
    const { result } = await parseAll({
      buffer: Buffer.from(`${titles}\n${csv}`),
      filename: 'c.csv',
    });
    expect(errorOf(result).message).toMatch(/^Missing required columns: customer_id, /);
  });

  it('fail naming every missing required column, with no rows delivered', async () => {
    const { result, accepted, rejected } = await parseAll({
      buffer: toCsvBuffer(
        customerTable(generateCustomers(5), { omit: ['age', 'etf_pct', 'max_drawdown_pct'] }),
      ),
      filename: 'c.csv',
    });
    const error = errorOf(result);
    expect(error.code).toBe('missing_columns');
    expect(error.message).toBe('Missing required columns: age, etf_pct, max_drawdown_pct');
    expect(error.details.missing).toEqual(['age', 'etf_pct', 'max_drawdown_pct']);
    expect(accepted).toEqual([]);
    expect(rejected).toEqual([]);
  });

  it('fail on duplicate names after normalisation', async () => {
    const table = customerTable(generateCustomers(2), {
      extras: [
        { name: 'Customer-ID', value: () => 'x' },
        { name: 'Notes', value: () => 'a' },
        { name: ' notes', value: () => 'b' },
      ],
    });
    const error = errorOf(
      (await parseAll({ buffer: toCsvBuffer(table), filename: 'c.csv' })).result,
    );
    expect(error.code).toBe('duplicate_columns');
    expect(error.message).toBe('Duplicate column names: customer_id, notes');
  });

  it('keep extra columns for the preview without validating them', async () => {
    const table = customerTable(generateCustomers(3), {
      extras: [
        { name: 'RM Name', value: (i) => (i === 1 ? null : `Agent ${i}`) },
        { name: 'Score', value: () => 'not a number' },
      ],
    });
    const { result } = await parseAll({ buffer: toCsvBuffer(table), filename: 'c.csv' });
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ accepted: 3, total_columns: 30 });
    expect(summary.columns_info.slice(-2)).toEqual([
      { name: 'rm_name', header: 'RM Name', required: false, kind: null },
      { name: 'score', header: 'Score', required: false, kind: null },
    ]);
    expect(summary.preview_rows.map((r) => r.rm_name)).toEqual(['Agent 0', null, 'Agent 2']);
  });

  it('drop trailing empty header cells; name inner ones by position', async () => {
    const table = customerTable(generateCustomers(1), {
      extras: [
        { name: '', value: () => 'v' },
        { name: 'z', value: () => null },
      ],
    });
    const text = toCsvBuffer(table).toString().replace('\n', ',,\n');
    const summary = summaryOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(summary.columns_info.map((c) => c.name).slice(-2)).toEqual(['column_29', 'z']);
  });
});

describe('values by column kind', () => {
  it.each<[string, Cell, string]>([
    ['customer_id', '', 'is required'],
    ['customer_id', '   ', 'is required'],
    ['customer_id', '\u00a0\u2003', 'is required'],
    [
      'customer_id',
      'x'.repeat(65),
      'must be text of at most 64 characters, without tabs or line breaks',
    ],
    ['customer_id', 'a\tb', 'must be text of at most 64 characters, without tabs or line breaks'],
    ['country_iso', 'GB', 'must be a 3-letter ISO country code, like GBR'],
    ['country_iso', 'G1R', 'must be a 3-letter ISO country code, like GBR'],
    ['country_iso', 'ÄBC', 'must be a 3-letter ISO country code, like GBR'],
    ['age', '42.5', 'must be a whole number between 18 and 120'],
    ['age', '121', 'must be a whole number between 18 and 120'],
    ['age', '-1', 'must be a whole number between 18 and 120'],
    ['age', 'forty', 'must be a whole number between 18 and 120'],
    // A minor is rejected: advice is given to adults only (issue 28, item 2).
    ['age', '17', 'must be a whole number between 18 and 120'],
    ['age', '0', 'must be a whole number between 18 and 120'],
    ['risk_profile', '0', 'must be a number between 1 and 10'],
    ['risk_profile', '10.01', 'must be a number between 1 and 10'],
    ['cash_pct', 'NaN', 'must be a number between 0 and 100'],
    ['cash_pct', 'Infinity', 'must be a number between 0 and 100'],
    ['cash_pct', '0x10', 'must be a number between 0 and 100'],
    ['cash_pct', '1 0', 'must be a number between 0 and 100'],
    ['cash_pct', '1,5', 'must be a number between 0 and 100'],
    ['cash_pct', '1,00', 'must be a number between 0 and 100'],
    ['cash_pct', '120%', 'must be a number between 0 and 100'],
    ['cash_pct', '%', 'must be a number between 0 and 100'],
    ['cash_pct', '10%%', 'must be a number between 0 and 100'],
    ['age', '42%', 'must be a whole number between 18 and 120'],
    ['stop_loss_sell_cnt', '1,0000', 'must be a whole number between 0 and 1,000,000'],
    ['cash_pct', '.', 'must be a number between 0 and 100'],
    ['cash_pct', '1e', 'must be a number between 0 and 100'],
    ['cash_pct', '', 'is required'],
    ['positive_news_sentiment_7d', '1.5', 'must be a number between -1 and 1'],
    ['max_drawdown_pct', '5', 'must be a number between -100 and 0'],
    ['max_drawdown_pct', '(-5)', 'must be a number between -100 and 0'],
    ['max_drawdown_pct', '((5))', 'must be a number between -100 and 0'],
    ['max_drawdown_pct', '(5', 'must be a number between -100 and 0'],
    ['max_drawdown_pct', '5)', 'must be a number between -100 and 0'],
    ['max_drawdown_pct', '\u2212\u22125', 'must be a number between -100 and 0'],
    ['cash_pct', '(12)', 'must be a number between 0 and 100'],
    ['stop_loss_sell_cnt', '1 00', 'must be a whole number between 0 and 1,000,000'],
    ['stop_loss_sell_cnt', '1000001', 'must be a whole number between 0 and 1,000,000'],
    ['days_since_last_trade', '36501', 'must be a whole number between 0 and 36500'],
    [
      'limit_orders_at_purchase_px',
      'maybe',
      'must be true or false (yes/no, y/n and 1/0 work too)',
    ],
    ['limit_orders_at_purchase_px', '2', 'must be true or false (yes/no, y/n and 1/0 work too)'],
    ['limit_orders_at_purchase_px', '', 'is required'],
  ])('%s = %j → %s', async (column, value, reason) => {
    const problems = await problemsOf({ [column]: value });
    expect(problems).toEqual([{ row: 2, column, value: value ?? '', reason }]);
  });

  it.each<[string, Cell, unknown, string]>([
    ['age', '42.0', 42, '42'],
    ['age', '2e1', 20, '20'],
    ['age', '+27', 27, '27'],
    ['age', '027', 27, '027'],
    ['age', ' 42 ', 42, '42'],
    ['cash_pct', '.5', 0.5, '.5'],
    ['cash_pct', '5.', 5, '5.'],
    ['cash_pct', '1.5e1', 15, '15'],
    ['cash_pct', '-0', 0, '-0'],
    ['anchor_price_gap_pct', '-12.340', -12.34, '-12.340'],
    // As Excel writes formatted cells to CSV: percent signs in percent columns, thousands.
    ['cash_pct', '10%', 10, '10'],
    ['max_drawdown_pct', ' -12.5 % ', -12.5, '-12.5'],
    ['anchor_price_gap_pct', '1,250.5%', 1250.5, '1250.5'],
    ['stop_loss_sell_cnt', '1,234', 1234, '1234'],
    ['stop_loss_sell_cnt', '1,000,000', 1000000, '1000000'],
    ['country_iso', 'gbr', 'GBR', 'GBR'],
    ['country_iso', ' Fra ', 'FRA', 'FRA'],
    ['customer_id', '  C\\1  ', 'C\\1', 'C\\\\1'],
    // Negative figures as accounting formats and typesetting write them.
    ['anchor_price_gap_pct', '(12.5)', -12.5, '-12.5'],
    ['max_drawdown_pct', '(12.5%)', -12.5, '-12.5'],
    ['positive_news_sentiment_7d', '( 0.25 )', -0.25, '-0.25'],
    ['anchor_price_gap_pct', '\u221212.5', -12.5, '-12.5'],
    ['max_drawdown_pct', '\u22128 %', -8, '-8'],
    // Digits grouped by spaces or apostrophes.
    ['stop_loss_sell_cnt', '1 000', 1000, '1000'],
    ['stop_loss_sell_cnt', "1'000'000", 1000000, '1000000'],
    ['stop_loss_sell_cnt', '1\u202f000', 1000, '1000'],
  ])('%s = %j is accepted as %j (COPY text %j)', async (column, value, typed, text) => {
    const { accepted } = await oneRow({ [column]: value });
    expect(accepted).toHaveLength(1);
    const row = accepted[0]!;
    expect((row.record as Record<string, unknown>)[column]).toBe(typed);
    expect(row.copyText.split('\t')[COPY_COLUMNS.indexOf(column as never)]).toBe(text);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['yes', true],
    ['YES', true],
    ['Yes', true],
    ['y', true],
    ['Y', true],
    ['1', true],
    ['tRuE', true],
    ['false', false],
    ['FALSE', false],
    ['no', false],
    ['No', false],
    ['n', false],
    ['N', false],
    ['0', false],
    [' no ', false],
    ['fAlSe', false],
  ])('boolean %j → %j', async (text, value) => {
    const { accepted } = await oneRow({ limit_orders_at_purchase_px: text });
    expect(accepted[0]?.record.limit_orders_at_purchase_px).toBe(value);
    expect(accepted[0]?.copyText.split('\t')[16]).toBe(String(value));
  });
});

describe('optional columns', () => {
  it('are validated when present; empty → null', async () => {
    const records = generateCustomers(3, { optional: true });
    const table = customerTable(records, { optional: true });
    setCell(table, 1, 'aum', null);
    setCell(table, 2, 'revenue_12m', '-5');
    const { result, accepted, rejected } = await parseAll({
      buffer: toCsvBuffer(table),
      filename: 'c.csv',
    });
    expect(summaryOf(result)).toMatchObject({ accepted: 2, rejected: 1 });
    expect(accepted[0]?.record.aum).toBe(records[0]?.aum);
    expect(accepted[1]?.record.aum).toBeNull();
    expect(accepted[1]?.copyText.split('\t')[28]).toBe('\\N');
    expect(rejected[0]?.problems).toEqual([
      { row: 4, column: 'revenue_12m', value: '-5', reason: 'must be a number, 0 or more' },
    ]);
  });

  it.each<[string, number | null]>([
    ['$1,250,000', 1250000],
    ['250 €', 250],
    ['£ 99.5', 99.5],
    ['¥12000', 12000],
    ['$-5', null],
    ['USD 100', 100],
    ['USD1,250,000', 1250000],
    ['1,250,000 GBP', 1250000],
    ['usd 100', null],
    ['USDX 100', null],
    ['(100)', null],
    ['$$100', null],
    ['€', null],
    ['100 $ 5', null],
  ])('amount %j with its currency sign or code → %j', async (text, value) => {
    const table = customerTable(generateCustomers(1, { optional: true }), { optional: true });
    setCell(table, 0, 'aum', text);
    const { accepted } = await parseAll({ buffer: toCsvBuffer(table), filename: 'c.csv' });
    expect(accepted[0]?.record.aum ?? null).toBe(value);
  });

  it('take currency signs only in amounts', async () => {
    expect(await problemsOf({ age: '$40' })).toEqual([
      expect.objectContaining({ column: 'age', value: '$40' }),
    ]);
    expect(await problemsOf({ age: 'USD 40' })).toEqual([
      expect.objectContaining({ column: 'age', value: 'USD 40' }),
    ]);
  });

  it('are null when the file has no such column', async () => {
    const { accepted } = await oneRow({});
    expect(accepted[0]?.record).toEqual(EXAMPLE_CUSTOMER);
    expect(accepted[0]?.copyText.split('\t').slice(-2)).toEqual(['\\N', '\\N']);
  });
});

describe('rows', () => {
  it('report one problem per bad column but count the row once; keep the raw values', async () => {
    const { result, rejected } = await oneRow({ age: 'old', cash_pct: '', country_iso: 'UK' });
    expect(summaryOf(result)).toMatchObject({ total_rows: 1, accepted: 0, rejected: 1 });
    expect(rejected[0]?.problems.map((p) => p.column)).toEqual(['country_iso', 'age', 'cash_pct']);
    expect(rejected[0]?.values.slice(0, 3)).toEqual(['C-10001', 'UK', 'old']);
    expect(rejected[0]?.values).toHaveLength(28);
  });

  it('reject allocations above 100 + tolerance', async () => {
    const ok = await oneRow({ cash_pct: 50, etf_pct: 30, single_stock_pct: 20.5 });
    expect(ok.accepted).toHaveLength(1);
    const problems = await problemsOf({ cash_pct: 50, etf_pct: 30, single_stock_pct: 20.6 });
    expect(problems).toEqual([
      {
        row: 2,
        column: 'cash_pct + etf_pct + single_stock_pct',
        value: '50 + 30 + 20.6',
        reason: 'cash_pct, etf_pct and single_stock_pct add up to 100.6, more than 100',
      },
    ]);
  });

  it('reject the second and later occurrences of a customer_id', async () => {
    const records = generateCustomers(6);
    records[3]!.customer_id = records[1]!.customer_id;
    records[5]!.customer_id = records[1]!.customer_id;
    const long = 'L'.repeat(40);
    records[0]!.customer_id = long;
    records[4]!.customer_id = long;
    const { result, rejected } = await parseAll({
      buffer: toCsvBuffer(customerTable(records)),
      filename: 'c.csv',
    });
    expect(summaryOf(result)).toMatchObject({ total_rows: 6, accepted: 3, rejected: 3 });
    expect(rejected.map((r) => [r.row, r.problems[0]?.reason])).toEqual([
      [5, 'duplicate customer_id (first seen on row 3)'],
      [6, 'duplicate customer_id (first seen on row 2)'],
      [7, 'duplicate customer_id (first seen on row 3)'],
    ]);
  });

  it('reject values beyond the header width', async () => {
    const text = toCsvBuffer(customerTable(generateCustomers(2))).toString();
    const lines = text.split('\n');
    lines[1] += ',surprise';
    lines[2] += ',,,';
    const { result, rejected } = await parseAll({
      buffer: Buffer.from(lines.join('\n')),
      filename: 'c.csv',
    });
    expect(summaryOf(result)).toMatchObject({ accepted: 1, rejected: 1 });
    expect(rejected[0]?.problems).toEqual([
      {
        row: 2,
        column: 'column 29',
        value: 'surprise',
        reason: 'has a value beyond the 28 columns of the header',
      },
    ]);
  });

  it('cut long problem values to 200 characters', async () => {
    const problems = await problemsOf({ age: '9'.repeat(5000) });
    expect(problems[0]?.value).toHaveLength(200);
  });

  it('give COPY text in COPY_COLUMNS order, numbers as written', async () => {
    const { accepted } = await oneRow({ leverage_ratio: '1.20', anchor_price_gap_pct: '-12' });
    expect(COPY_COLUMNS).toEqual([...REQUIRED_NAMES, 'aum', 'revenue_12m']);
    expect(accepted[0]?.copyText).toBe(
      [
        'C-10001',
        'GBR',
        '42',
        '6',
        '72',
        '8',
        '15',
        '45',
        '40',
        '12',
        '1',
        '45',
        '1.20',
        '60',
        '70',
        '-12',
        'true',
        '55',
        '9',
        '0.3',
        '14',
        '6',
        '2',
        '1',
        '3',
        '2',
        '20',
        '-18',
        '\\N',
        '\\N',
      ].join('\t'),
    );
  });
});

describe('preview and counters', () => {
  it('types known columns, keeps invalid text as text, empty as null', async () => {
    const table = customerTable(generateCustomers(12), {
      extras: [{ name: 'note', value: (i) => (i ? `n${i}` : '') }],
    });
    setCell(table, 1, 'age', 'old');
    setCell(table, 2, 'limit_orders_at_purchase_px', 'yes');
    const { result } = await parseAll(
      { buffer: toCsvBuffer(table), filename: 'c.csv' },
      { previewRows: 10 },
    );
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ total_rows: 12, accepted: 11, rejected: 1, total_columns: 29 });
    expect(summary.preview_rows).toHaveLength(10);
    const [first, second, third] = summary.preview_rows;
    expect(Object.keys(first!)).toEqual([...REQUIRED_NAMES, 'note']);
    expect(first).toMatchObject({ note: null, customer_id: 'C-100001' });
    expect(typeof first?.age).toBe('number');
    expect(typeof first?.limit_orders_at_purchase_px).toBe('boolean');
    expect(second?.age).toBe('old');
    expect(third?.limit_orders_at_purchase_px).toBe(true);
    expect(summary.columns_info).toHaveLength(29);
    expect(summary.columns_info.filter((c) => c.required)).toHaveLength(REQUIRED_COLUMNS.length);
    expect(summary.sample_problems).toEqual([
      { row: 3, column: 'age', value: 'old', reason: 'must be a whole number between 18 and 120' },
    ]);
  });
});
