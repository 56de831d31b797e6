import {
  NOTE_EDIT_HOURS,
  NOTE_MAX,
  NOTE_MESSAGES,
  CUSTOMER_PAGE_MESSAGES,
  type CustomerPageResponse,
  type NoteResponse,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employeeOf,
  firmWithTwoBooks,
  type Admin,
  type Employee,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/** Notes on a customer (issue 20, item 7): who may write and edit which, and for how long. */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let otherRm: Employee;
let own: string;
let others: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const firm = await firmWithTwoBooks(ctx);
  ({ admin, rm, otherRm, own, others } = firm);
  foreign = firm.foreign.customer;
}, 300_000);
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const notesUrl = (customerId: string) =>
  `/api/content/customer/${encodeURIComponent(customerId)}/notes`;
const add = (headers: Headers, customerId: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: notesUrl(customerId), headers, payload });
const edit = (headers: Headers, customerId: string, noteId: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${notesUrl(customerId)}/${noteId}`, headers, payload });
const countNotes = async () =>
  Number(
    (
      await setUpDb(ctx)
        .selectFrom('customer_notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const page = async (headers: Headers, customerId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/content/customer/${encodeURIComponent(customerId)}`,
      headers,
    })
  ).json<CustomerPageResponse>();

describe('writing a note', () => {
  it('lets the RM write on their own customer and the admin on any, audited, shown newest first', async () => {
    const first = await add(rm.headers, own, { body: '  Prefers calls after 4pm.  ' });
    expect(first.statusCode).toBe(201);
    const { message, note } = first.json<NoteResponse>();
    expect(message).toBe(NOTE_MESSAGES.saved);
    expect(note).toMatchObject({
      body: 'Prefers calls after 4pm.',
      author_id: rm.id,
      author_name: 'rm person',
      updated_at: null,
    });
    expect(Date.parse(note.editable_until) - Date.parse(note.created_at)).toBe(
      NOTE_EDIT_HOURS * 3_600_000,
    );
    const second = await add(admin.headers, own, { body: 'Asked about the bond fund.' });
    expect(second.statusCode).toBe(201);
    expect(
      (await add(admin.headers, others, { body: 'Any customer of the firm.' })).statusCode,
    ).toBe(201);

    const shown = await page(rm.headers, own);
    expect(shown.notes.map((n) => [n.body, n.author_name])).toEqual([
      ['Asked about the bond fund.', 'Ada Admin'],
      ['Prefers calls after 4pm.', 'rm person'],
    ]);
    const audited = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'actor_email', 'subject_id', 'after'])
      .where('firm_id', '=', admin.firmId)
      .where('action', '=', 'note.added')
      .orderBy('id')
      .execute();
    expect(audited[0]).toMatchObject({
      actor_email: rm.email,
      subject_id: own,
      after: { note_id: note.id, body: 'Prefers calls after 4pm.' },
    });
    expect(audited).toHaveLength(3);
  });

  it('answers 404 for another RM’s customer, another firm’s and an unknown one, and writes nothing', async () => {
    const before = await countNotes();
    for (const [headers, id] of [
      [rm.headers, others],
      [otherRm.headers, own],
      [admin.headers, foreign],
      [admin.headers, 'NO-SUCH-CUSTOMER'],
    ] as const) {
      const res = await add(headers, id, { body: 'x' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ message: CUSTOMER_PAGE_MESSAGES.notFound });
    }
    expect(await countNotes()).toBe(before);
  });

  it('refuses head, compliance and view (403)', async () => {
    for (const role of ['head', 'compliance', 'view'] as const) {
      const user = await employeeOf(ctx, admin, role);
      const res = await add(user.headers, own, { body: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'role_forbidden' });
    }
  });

  it.each([
    ['a blank note', { body: '   ' }, NOTE_MESSAGES.required],
    ['no body', {}, NOTE_MESSAGES.required],
    ['an overlong note', { body: 'x'.repeat(NOTE_MAX + 1) }, NOTE_MESSAGES.tooLong],
  ])('answers 400 for %s and writes nothing', async (_case, payload, message) => {
    const before = await countNotes();
    const res = await add(rm.headers, own, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { msg: string }[] }>().errors.map((e) => e.msg)).toContain(message);
    expect(await countNotes()).toBe(before);
  });

  it('takes a note of exactly the longest length', async () => {
    expect((await add(rm.headers, own, { body: 'y'.repeat(NOTE_MAX) })).statusCode).toBe(201);
  });
});

describe('editing a note', () => {
  const write = async (headers: Headers, customerId: string, body: string) =>
    (await add(headers, customerId, { body })).json<NoteResponse>().note;

  it('lets the author edit within the window, audited with the text before and after', async () => {
    const note = await write(rm.headers, own, 'Call back Monday');
    const res = await edit(rm.headers, own, note.id, { body: 'Call back Tuesday' });
    expect(res.statusCode).toBe(200);
    expect(res.json<NoteResponse>()).toMatchObject({
      message: NOTE_MESSAGES.updated,
      note: { id: note.id, body: 'Call back Tuesday', created_at: note.created_at },
    });
    expect(res.json<NoteResponse>().note.updated_at).not.toBeNull();
    const audited = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['actor_email', 'before', 'after'])
      .where('firm_id', '=', admin.firmId)
      .where('action', '=', 'note.edited')
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({
      actor_email: rm.email,
      before: { note_id: note.id, body: 'Call back Monday' },
      after: { note_id: note.id, body: 'Call back Tuesday' },
    });
  });

  it('refuses anyone but the author (403 note_not_author), even the admin', async () => {
    const note = await write(rm.headers, own, 'Mine');
    const res = await edit(admin.headers, own, note.id, { body: 'Changed by the admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'note_not_author', message: NOTE_MESSAGES.notAuthor });
    const adminNote = await write(admin.headers, own, 'The admin’s');
    expect((await edit(rm.headers, own, adminNote.id, { body: 'x' })).json()).toMatchObject({
      code: 'note_not_author',
    });
    expect((await page(rm.headers, own)).notes.find((n) => n.id === note.id)?.body).toBe('Mine');
  });

  it(`refuses an edit after ${NOTE_EDIT_HOURS} hours (409 note_edit_window_closed)`, async () => {
    const note = await write(rm.headers, own, 'Old note');
    // created_at is never updated by the app (the schema forbids it): written back here.
    await sql`update customer_notes set created_at = now() - interval '24 hours 1 second'
      where id = ${note.id}`.execute(setUpDb(ctx));
    const res = await edit(rm.headers, own, note.id, { body: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'note_edit_window_closed',
      message: NOTE_MESSAGES.editWindowClosed,
    });
  });

  it('answers 404 for a note of another customer, a customer not in the book, or no such note', async () => {
    const note = await write(admin.headers, others, 'On the other book');
    for (const [headers, customerId, noteId] of [
      [admin.headers, own, note.id],
      [rm.headers, others, note.id],
      [admin.headers, others, '00000000-0000-0000-0000-000000000000'],
      [admin.headers, foreign, note.id],
    ] as const) {
      const res = await edit(headers, customerId, noteId, { body: 'x' });
      expect(res.statusCode, `${customerId} ${noteId}`).toBe(404);
    }
    expect((await edit(admin.headers, others, 'not-a-uuid', { body: 'x' })).statusCode).toBe(400);
  });

  it('validates the new text like a new note', async () => {
    const note = await write(rm.headers, own, 'Valid');
    const res = await edit(rm.headers, own, note.id, { body: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { msg: string }[] }>().errors.map((e) => e.msg)).toContain(
      NOTE_MESSAGES.required,
    );
  });

  it('has no way to delete a note', async () => {
    const note = await write(rm.headers, own, 'Forever');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${notesUrl(own)}/${note.id}`,
      headers: rm.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await page(rm.headers, own)).notes.map((n) => n.id)).toContain(note.id);
  });
});
