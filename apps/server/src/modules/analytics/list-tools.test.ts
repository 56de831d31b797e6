import {
  RISK_LEVELS,
  RM_LIST_SORTS,
  URGENCY_LEVELS,
  type RmListName,
  type WhoToCallItem,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignInDatabase,
  customerIdsOf,
  adminOnPlan,
  employeeOf,
  importCustomers,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import { exportedRows } from '../../../test/exports.js';

/*
 * The list tools on the RM lists (issue 20): a sorted or filtered list is the full list sorted
 * or filtered, the cache keeps them apart, bad parameters are a 400 naming the parameter, and an
 * export is what the list shows, escaped against formulas with numbers kept numbers.
 */

let ctx: TestContext;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let otherRm: Awaited<ReturnType<typeof employeeOf>>;
let rmIds: string[];
const FORMULA = '=HYPERLINK("http://evil.example","click")';

const PATHS: Record<RmListName, string> = {
  book: '/api/content/rm-own-book',
  whoToCall: '/api/content/rm-who-to-call',
  priorityScores: '/api/content/rm-priority-scores',
  riskRanking: '/api/content/rm-risk-ranking',
  segments: '/api/content/rm-segments',
};

type Row = Record<string, unknown>;

async function get(url: string, headers = rm.headers) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function rowsOf(list: RmListName, query = ''): Promise<Row[]> {
  const res = await get(`${PATHS[list]}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<unknown>();
  if (Array.isArray(body)) return body as Row[];
  const record = body as Record<string, Row[]>;
  if (Array.isArray(record.customers)) return record.customers;
  return Object.values(record).flat();
}

/** The rows of each group, for the grouped lists (their order is per group). */
async function groupsOf(list: RmListName, query = ''): Promise<Row[][]> {
  const res = await get(`${PATHS[list]}${query}`);
  const body = res.json<unknown>();
  if (Array.isArray(body)) return [body as Row[]];
  const record = body as Record<string, Row[]>;
  return Array.isArray(record.customers) ? [record.customers] : Object.values(record);
}

const LEVEL_ORDER: Record<string, readonly string[]> = {
  urgency_level: [...URGENCY_LEVELS].reverse(),
  risk_level: [...RISK_LEVELS].reverse(),
};

/** `a` before `b` by `key`, ascending, as the server sorts (levels by severity, text by bytes). */
function compare(key: string, a: Row, b: Row): number {
  const levels = LEVEL_ORDER[key];
  if (levels) return levels.indexOf(a[key] as string) - levels.indexOf(b[key] as string);
  const [x, y] = [a[key], b[key]];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return Buffer.compare(Buffer.from(String(x)), Buffer.from(String(y)));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  otherRm = await employeeOf(ctx, admin, 'rm');
  await importCustomers(ctx, admin, csvOf(40), 'book.csv');
  const ids = await customerIdsOf(ctx, admin.firmId);
  rmIds = ids.slice(0, 28);
  await assignInDatabase(ctx, admin.firmId, [
    ...rmIds.map((id) => [id, rm.id] as const),
    ...ids.slice(28, 36).map((id) => [id, otherRm.id] as const),
  ]);
  const db = ctx.database.db;
  // Text a spreadsheet would run, and a negative number that must stay a number.
  await db
    .updateTable('customer_insights')
    .set({ recommended_action: FORMULA, why: '@SUM(A1)' })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', '=', rmIds[0]!)
    .execute();
  await db
    .updateTable('customers')
    .set({ cash_pct: -5.25 })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', '=', rmIds[0]!)
    .execute();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('filters', () => {
  const filters = [
    ['urgency', 'urgency_level', ['high', 'medium']],
    ['risk_level', 'risk_level', ['high']],
    ['segment', 'segment', ['balanced', 'anchored']],
  ] as const;

  it.each(Object.keys(PATHS) as RmListName[])(
    'the %s list filtered is the full list filtered in code, in the same order',
    async (list) => {
      // The full list first, so a cache that ignored the filters would answer it again.
      const all = await rowsOf(list);
      const insight = new Map((await rowsOf('whoToCall')).map((r) => [r.customer_id, r]));
      const priority = new Map((await rowsOf('priorityScores')).map((r) => [r.customer_id, r]));
      for (const [param, column, values] of filters) {
        const valueOf = (row: Row) =>
          (priority.get(row.customer_id) ?? insight.get(row.customer_id))?.[column];
        const filtered = await rowsOf(list, `?${param}=${values.join(',')}`);
        expect(filtered.map((r) => r.customer_id)).toEqual(
          all
            .filter((r) => (values as readonly unknown[]).includes(valueOf(r)))
            .map((r) => r.customer_id),
        );
      }
      const both = await rowsOf(list, '?urgency=high,medium,low&risk_level=medium,low');
      expect(both.map((r) => r.customer_id)).toEqual(
        all
          .filter((r) => {
            const p = priority.get(r.customer_id)!;
            return p.urgency_level !== 'urgent' && p.risk_level !== 'high';
          })
          .map((r) => r.customer_id),
      );
    },
  );

  it('a filter that keeps nobody answers the empty list in the list shape', async () => {
    const all = await rowsOf('whoToCall');
    const missing = URGENCY_LEVELS.find((level) => !all.some((r) => r.urgency_level === level));
    const query = missing ? `?urgency=${missing}` : '?search=no-such-customer';
    expect(await rowsOf('whoToCall', query)).toEqual([]);
    const book = (await get(`${PATHS.book}${query}`)).json<{
      customers: Row[];
      customer_count: number;
    }>();
    expect(book.customers).toEqual([]);
    expect(book.customer_count).toBe(rmIds.length);
  });
});

describe('sort', () => {
  const cases = (Object.keys(RM_LIST_SORTS) as RmListName[]).flatMap((list) =>
    RM_LIST_SORTS[list].flatMap((key) => [
      [list, key, 'asc'],
      [list, key, 'desc'],
    ]),
  ) as [RmListName, string, 'asc' | 'desc'][];

  it.each(cases)(
    '%s sorted by %s %s: by the column, ties in the list order',
    async (list, key, order) => {
      const plain = await groupsOf(list);
      const sorted = await groupsOf(list, `?sort=${key}&order=${order}`);
      const sign = order === 'asc' ? 1 : -1;
      plain.forEach((group, index) => {
        // Array.prototype.sort is stable: equal keys keep the list's own order.
        const expected = [...group].sort((a, b) => sign * compare(key, a, b));
        expect(sorted[index]!.map((r) => r.customer_id)).toEqual(
          expected.map((r) => r.customer_id),
        );
      });
    },
  );

  it('order defaults to ascending, and a window takes its rows from the sorted list', async () => {
    const desc = await rowsOf('whoToCall', '?sort=age&order=desc');
    expect(await rowsOf('whoToCall', '?sort=age')).toEqual(
      await rowsOf('whoToCall', '?sort=age&order=asc'),
    );
    const page = await rowsOf('whoToCall', '?sort=age&order=desc&limit=5&offset=3');
    expect(page.map((r) => r.customer_id)).toEqual(desc.slice(3, 8).map((r) => r.customer_id));
  });
});

describe('bad parameters', () => {
  it.each([
    ['sort=bogus', 'sort'],
    ['sort=priority_score;drop table customers', 'sort'],
    ['sort=risk_profile&order=up', 'order'],
    ['urgency=critical', 'urgency'],
    ['urgency=high,', 'urgency'],
    ['risk_level=extreme', 'risk_level'],
    ['segment=Balanced', 'segment'],
  ])('?%s is a 400 naming %s', async (query, param) => {
    for (const path of Object.values(PATHS)) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('validation_failed');
      expect(res.body).toContain(param);
    }
  });

  it('a column another list has is not a sort key of the book', async () => {
    const res = await get(`${PATHS.book}?sort=priority_score`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sort');
  });

  it('an export needs a known format', async () => {
    for (const query of ['', '?format=pdf']) {
      const res = await get(`${PATHS.whoToCall}/export${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('format');
    }
  });
});

describe('exports', () => {
  it.each(['csv', 'xlsx'] as const)(
    'every list exports as %s what it shows, sorted and filtered, and only the RM’s own customers',
    async (format) => {
      for (const list of Object.keys(PATHS) as RmListName[]) {
        const query = 'sort=customer_id&order=desc&risk_level=high,medium,low';
        const shown = await rowsOf(list, `?${query}`);
        const rows = await exportedRows(
          await get(`${PATHS[list]}/export?format=${format}&${query}`),
          format,
        );
        expect(rows[0]![0]).toBe('Customer ID');
        expect(rows.slice(1).map((r) => r[0])).toEqual(shown.map((r) => r.customer_id));
        expect(rows.slice(1).every((r) => rmIds.includes(r[0] as string))).toBe(true);
      }
    },
  );

  it('a CSV escapes formulas and keeps numbers, negative ones included', async () => {
    const rows = await exportedRows(await get(`${PATHS.book}/export?format=csv`), 'csv');
    const header = rows[0]!;
    const first = rows.find((r) => r[0] === rmIds[0])!;
    expect(first[header.indexOf('Cash %')]).toBe('-5.25');
    const call = await exportedRows(await get(`${PATHS.whoToCall}/export?format=csv`), 'csv');
    const item = call.find((r) => r[0] === rmIds[0])!;
    expect(item[call[0]!.indexOf('Recommended Action')]).toBe(`'${FORMULA}`);
    expect(item[call[0]!.indexOf('Why')]).toBe(`'@SUM(A1)`);
    const listed = (await rowsOf('whoToCall')).find(
      (r) => r.customer_id === rmIds[0],
    ) as WhoToCallItem;
    expect(item[call[0]!.indexOf('Priority Score')]).toBe(String(listed.priority_score));
  });

  it('a workbook holds numbers as numbers and formulas as escaped text', async () => {
    const rows = await exportedRows(await get(`${PATHS.book}/export?format=xlsx`), 'xlsx');
    const first = rows.find((r) => r[0] === rmIds[0])!;
    expect(first[rows[0]!.indexOf('Cash %')]).toBe(-5.25);
    expect(typeof first[rows[0]!.indexOf('Age')]).toBe('number');
    const call = await exportedRows(await get(`${PATHS.whoToCall}/export?format=xlsx`), 'xlsx');
    const item = call.find((r) => r[0] === rmIds[0])!;
    expect(item[call[0]!.indexOf('Recommended Action')]).toBe(`'${FORMULA}`);
  });

  it('another RM exports their own book, and every export is audited', async () => {
    const rows = await exportedRows(
      await get(`${PATHS.book}/export?format=csv`, otherRm.headers),
      'csv',
    );
    expect(rows.length - 1).toBe(8);
    expect(rows.slice(1).some((r) => rmIds.includes(r[0] as string))).toBe(false);
    const events = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'actor_email', 'after'])
      .where('action', '=', 'list.exported')
      .where('actor_email', '=', otherRm.email)
      .execute();
    expect(events).toEqual([
      {
        action: 'list.exported',
        subject_id: 'customer-book',
        actor_email: otherRm.email,
        after: { format: 'csv', rows: 8, query: {} },
      },
    ]);
  });
});
