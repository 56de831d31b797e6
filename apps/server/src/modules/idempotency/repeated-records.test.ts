import {
  API_KEY_MESSAGES,
  NOTE_REPEAT_SECONDS,
  type CustomerPageResponse,
  type ListProductsResponse,
  type NoteResponse,
  type ProductPerformanceResponse,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  assignInDatabase,
  customerIdsOf,
  employeeOf,
  importCustomers,
  type Admin,
  type Employee,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/*
 * Repeated outcomes and notes (issue 36, item 4; docs/product-rules.md, "Repeated outcomes and
 * notes"): 20 identical requests at once make one record and 20 identical answers; an
 * Idempotency-Key answers its first answer again, and refuses another request; one Undo takes
 * back an outcome however often it was sent, on the customer page and in product performance.
 */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let customers: string[];
let productIds: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  await importCustomers(ctx, admin, csvOf(8));
  rm = await employeeOf(ctx, admin, 'rm');
  customers = await customerIdsOf(ctx, admin.firmId);
  await assignInDatabase(
    ctx,
    admin.firmId,
    customers.map((id) => [id, rm.id]),
  );
  const shelf = await ctx.app.inject({
    method: 'GET',
    url: '/api/products',
    headers: admin.headers,
  });
  productIds = shelf.json<ListProductsResponse>().products.map((p) => p.product_id);
}, 300_000);
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const productOutcome = (headers: Headers, payload: object) =>
  post('/api/content/product-outcome', headers, payload);
const callOutcome = (headers: Headers, payload: object) =>
  post('/api/content/rm-call-outcome', headers, payload);
const note = (headers: Headers, customerId: string, payload: object) =>
  post(`/api/content/customer/${encodeURIComponent(customerId)}/notes`, headers, payload);
const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });
const twenty = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, send));

const rowsOf = async (
  table: 'product_outcomes' | 'call_outcomes' | 'customer_notes',
  customerId: string,
) =>
  Number(
    (
      await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('firm_id', '=', admin.firmId)
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const customerPage = async (customerId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/content/customer/${encodeURIComponent(customerId)}`,
      headers: rm.headers,
    })
  ).json<CustomerPageResponse>();
const performanceOf = async (productId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/content/product-performance',
      headers: admin.headers,
    })
  )
    .json<ProductPerformanceResponse>()
    .products.find((p) => p.product_id === productId)!;

describe('product outcomes', () => {
  it('makes one record of 20 identical outcomes sent at once, and answers each with it', async () => {
    const payload = { customer_id: customers[0], product_id: productIds[0], outcome: 'accepted' };
    const answers = await twenty(() => productOutcome(rm.headers, payload));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await rowsOf('product_outcomes', customers[0]!)).toBe(1);
  });

  it('lets one Undo take back a double-submitted acceptance, in performance as on the customer page', async () => {
    const [customerId, productId] = [customers[1]!, productIds[1]!];
    const accepted = { customer_id: customerId, product_id: productId, outcome: 'accepted' };
    expect((await productOutcome(rm.headers, accepted)).statusCode).toBe(201);
    expect((await productOutcome(rm.headers, accepted)).statusCode).toBe(201);
    expect(await performanceOf(productId)).toMatchObject({ accepted: 1 });
    const undo = await productOutcome(rm.headers, { ...accepted, outcome: 'undone' });
    expect(undo.statusCode, undo.body).toBe(201);

    const page = await customerPage(customerId);
    expect(
      page.product_outcomes.filter((o) => o.product_id === productId).map((o) => o.outcome),
    ).toEqual(['undone', 'accepted']);
    expect(await performanceOf(productId)).toMatchObject({ accepted: 0, acceptance_rate: null });
    // Nothing is left to take back (the admin's Undo is no repeat of the RM's).
    const again = await productOutcome(admin.headers, { ...accepted, outcome: 'undone' });
    expect(again.statusCode).toBe(409);
  });

  it('takes back one outcome for a double-clicked Undo, not the one before it too', async () => {
    const [customerId, productId] = [customers[0]!, productIds[2]!];
    const offered = { customer_id: customerId, product_id: productId, outcome: 'offered' };
    await productOutcome(rm.headers, offered);
    await productOutcome(rm.headers, { ...offered, outcome: 'accepted' });
    const undos = await Promise.all(
      [1, 2].map(() => productOutcome(rm.headers, { ...offered, outcome: 'undone' })),
    );
    expect(undos.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(undos[1]!.json()).toEqual(undos[0]!.json());
    expect(await performanceOf(productId)).toMatchObject({ offered: 1, accepted: 0 });
  });

  it('answers a retry with the same Idempotency-Key as the first time, and refuses the key for another request', async () => {
    const [customerId, productId] = [customers[2]!, productIds[0]!];
    const offered = { customer_id: customerId, product_id: productId, outcome: 'offered' };
    const first = await productOutcome(withKey(rm.headers, 'offer-1'), offered);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Taken back meanwhile: the retry still answers the first answer and records nothing.
    await productOutcome(rm.headers, { ...offered, outcome: 'undone' });
    const retry = await productOutcome(withKey(rm.headers, 'offer-1'), offered);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf('product_outcomes', customerId)).toBe(2);

    const reused = await productOutcome(withKey(rm.headers, 'offer-1'), {
      ...offered,
      outcome: 'declined',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: API_KEY_MESSAGES.idempotencyKeyReused,
    });
    expect(await rowsOf('product_outcomes', customerId)).toBe(2);
    // Keys are each user's own: the admin's 'offer-1' is another key.
    const admins = await productOutcome(withKey(admin.headers, 'offer-1'), {
      ...offered,
      outcome: 'declined',
    });
    expect(admins.statusCode).toBe(201);
    expect(admins.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 20 identical requests with one Idempotency-Key once, the others as replays', async () => {
    const payload = { customer_id: customers[3], product_id: productIds[0], outcome: 'declined' };
    const answers = await twenty(() => productOutcome(withKey(rm.headers, 'decline-20'), payload));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await rowsOf('product_outcomes', customers[3]!)).toBe(1);
  });
});

describe('call outcomes', () => {
  it('makes one record of 20 identical outcomes sent at once, and answers each with it', async () => {
    const customerId = customers[4]!;
    const answers = await twenty(() =>
      callOutcome(rm.headers, { customer_id: customerId, outcome: 'called' }),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await rowsOf('call_outcomes', customerId)).toBe(1);
    // One Undo puts the customer back on the list.
    expect(
      (await callOutcome(rm.headers, { customer_id: customerId, outcome: 'reopened' })).statusCode,
    ).toBe(201);
    expect((await customerPage(customerId)).call_state).toBeNull();
    expect(await rowsOf('call_outcomes', customerId)).toBe(2);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and refuses the key for another request', async () => {
    const customerId = customers[5]!;
    const called = { customer_id: customerId, outcome: 'called' };
    const first = await callOutcome(withKey(rm.headers, 'call-1'), called);
    expect(first.statusCode).toBe(201);
    await callOutcome(rm.headers, { ...called, outcome: 'reopened' });
    const retry = await callOutcome(withKey(rm.headers, 'call-1'), called);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await customerPage(customerId)).call_state).toBeNull();
    const reused = await callOutcome(withKey(rm.headers, 'call-1'), {
      ...called,
      outcome: 'dismissed',
      reason: 'Not interested',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await rowsOf('call_outcomes', customerId)).toBe(2);
  });
});

describe('notes', () => {
  it('makes one note of 20 identical notes sent at once, and answers each with it', async () => {
    const customerId = customers[6]!;
    const answers = await twenty(() => note(rm.headers, customerId, { body: 'Call back Friday.' }));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((res) => res.json<NoteResponse>().note.id)).size).toBe(1);
    expect(await rowsOf('customer_notes', customerId)).toBe(1);
    // Another text is another note; the same text once the window has passed is one too.
    expect((await note(rm.headers, customerId, { body: 'Prefers email.' })).statusCode).toBe(201);
    await sql`
      update customer_notes
      set created_at = created_at - make_interval(secs => ${NOTE_REPEAT_SECONDS + 1})
      where firm_id = ${admin.firmId} and customer_id = ${customerId}`.execute(ctx.database.db);
    expect((await note(rm.headers, customerId, { body: 'Call back Friday.' })).statusCode).toBe(
      201,
    );
    expect(await rowsOf('customer_notes', customerId)).toBe(3);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and refuses the key for another request', async () => {
    const customerId = customers[7]!;
    const first = await note(withKey(rm.headers, 'note-1'), customerId, { body: 'Met at branch.' });
    expect(first.statusCode).toBe(201);
    // After the repeat window: only the key makes the retry the same note.
    await sql`
      update customer_notes
      set created_at = created_at - make_interval(secs => ${NOTE_REPEAT_SECONDS + 1})
      where firm_id = ${admin.firmId} and customer_id = ${customerId}`.execute(ctx.database.db);
    const retry = await note(withKey(rm.headers, 'note-1'), customerId, { body: 'Met at branch.' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<NoteResponse>().note.id).toBe(first.json<NoteResponse>().note.id);
    const reused = await note(withKey(rm.headers, 'note-1'), customerId, { body: 'Other text.' });
    expect(reused.statusCode).toBe(422);
    expect(await rowsOf('customer_notes', customerId)).toBe(1);
  });
});
