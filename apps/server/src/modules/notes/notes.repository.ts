import { NOTE_EDIT_HOURS, NOTE_REPEAT_SECONDS } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * The customer, if the caller may write about them: any of the firm's for the admin (`rmId`
 * null), an RM's own. `lock`: held until the transaction ends (FOR NO KEY UPDATE, which imports
 * and foreign keys do not wait for), so notes on the customer are written one at a time.
 */
export function findCustomer(
  db: Executor,
  firmId: string,
  customerId: string,
  rmId: string | null,
  lock = false,
) {
  let query = db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId);
  if (rmId !== null) query = query.where('rm_id', '=', rmId);
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

/** The author's note on the customer with this text, written less than NOTE_REPEAT_SECONDS ago. */
export async function findRepeatedNote(
  db: Executor,
  values: { firmId: string; customerId: string; authorId: string; body: string },
) {
  const row = await db
    .selectFrom('customer_notes')
    .select('id')
    .where('firm_id', '=', values.firmId)
    .where('customer_id', '=', values.customerId)
    .where('author_id', '=', values.authorId)
    .where('body', '=', values.body)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${NOTE_REPEAT_SECONDS})`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** A note with its author's name and the end of its edit window, as the API shows it. */
const noteColumns = [
  'n.id',
  'n.body',
  'n.author_id',
  'u.name as author_name',
  'n.created_at',
  'n.updated_at',
  sql<Date>`n.created_at + make_interval(hours => ${NOTE_EDIT_HOURS})`.as('editable_until'),
] as const;

const notes = (db: Executor, firmId: string, customerId: string) =>
  db
    .selectFrom('customer_notes as n')
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'n.firm_id').onRef('u.id', '=', 'n.author_id'),
    )
    .select(noteColumns)
    .where('n.firm_id', '=', firmId)
    .where('n.customer_id', '=', customerId);

export type NoteRow = Awaited<ReturnType<typeof notesOf>>[number];

/** The customer's notes, newest first. */
export function notesOf(db: Executor, firmId: string, customerId: string) {
  return notes(db, firmId, customerId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

export function findNote(db: Executor, firmId: string, customerId: string, noteId: string) {
  return notes(db, firmId, customerId).where('n.id', '=', noteId).executeTakeFirst();
}

/** Locks the note for an edit and tells whether its edit window is still open (database time). */
export function lockNote(db: Executor, firmId: string, customerId: string, noteId: string) {
  return db
    .selectFrom('customer_notes')
    .select([
      'author_id',
      'body',
      sql<boolean>`created_at + make_interval(hours => ${NOTE_EDIT_HOURS}) > now()`.as('editable'),
    ])
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId)
    .where('id', '=', noteId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertNote(
  db: Executor,
  values: { firmId: string; customerId: string; authorId: string; body: string },
) {
  const row = await db
    .insertInto('customer_notes')
    .values({
      firm_id: values.firmId,
      customer_id: values.customerId,
      author_id: values.authorId,
      body: values.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNote(db: Executor, firmId: string, noteId: string, body: string) {
  await db
    .updateTable('customer_notes')
    .set({ body, updated_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('id', '=', noteId)
    .execute();
}
