import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, uploadFile } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { filesSupplying } from '../../../test/supplying-files.js';
import { listLoadTables } from './load-tables.js';
import {
  REQUIRED_NAMES,
  customerTable,
  generateCustomers,
  toCsvBuffer,
  type Cell,
} from '../../../test/fixtures/customer-files.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'business');
});
afterAll(() => ctx.close());

const upload = (filename: string, content: Buffer) =>
  uploadFile(ctx, admin.headers, filename, content);

/** The firm's customers must be exactly those its completed files accepted: nothing partial. */
async function assertNothingPartial() {
  const files = await ctx.database.db
    .selectFrom('customer_files')
    .select(['id', 'status', 'accepted_rows'])
    .where('firm_id', '=', admin.firmId)
    .execute();
  expect(files.every((f) => f.status !== 'processing')).toBe(true);
  const customers = await ctx.database.db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', admin.firmId)
    .execute();
  const supplying = await filesSupplying(ctx.database.db, admin.firmId);
  const completed = new Set(files.filter((f) => f.status === 'completed').map((f) => f.id));
  expect(
    customers.every((c) => {
      const suppliers = supplying.get(c.customer_id) ?? [];
      return suppliers.length > 0 && suppliers.every((id) => completed.has(id));
    }),
  ).toBe(true);
  expect(await listLoadTables(ctx.database.db)).toEqual([]);
}

const NASTY: Cell[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '=1+1',
  'yes',
  '12,5',
  '0x10',
  '∞',
  '"',
  '\t',
  '-1',
  '101',
  'abc',
  null,
];

describe('uploads of arbitrary content', () => {
  it('answer 201, 400, 413 or 422 for random bytes, and store nothing partial', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 4096 }),
        fc.constantFrom('data.csv', 'data.xlsx', 'data.xls', 'data.txt', 'DATA.CSV'),
        async (bytes, filename) => {
          const res = await upload(filename, Buffer.from(bytes));
          expect([201, 400, 413, 422]).toContain(res.statusCode);
          expect(typeof res.json().message).toBe('string');
          await assertNothingPartial();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('import every valid row of almost-valid files, reject the rest, and count both', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            row: fc.nat(19),
            column: fc.constantFrom(...REQUIRED_NAMES),
            value: fc.constantFrom(...NASTY),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (edits, seed) => {
          const table = customerTable(generateCustomers(20, { seed, firstId: seed }));
          for (const edit of edits)
            table.rows[edit.row]![table.header.indexOf(edit.column)] = edit.value;
          const res = await upload('almost.csv', toCsvBuffer(table));
          expect([201, 422]).toContain(res.statusCode);
          const { preview } = res.json<{
            preview: { total_rows: number; accepted_rows: number; rejected_rows: number };
          }>();
          expect(preview.total_rows).toBe(20);
          expect(preview.accepted_rows + preview.rejected_rows).toBe(20);
          const touched = new Set(edits.map((e) => e.row));
          expect(preview.rejected_rows).toBeLessThanOrEqual(touched.size);
          await assertNothingPartial();
        },
      ),
      { numRuns: 15 },
    );
  });
});
