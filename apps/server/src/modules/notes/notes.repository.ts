import { NOTE_EDIT_HOURS } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** The customer, if the caller may write about them: any of the firm's for the admin (`rmId` null), an RM's own. */
export function findCustomer(
  db: Executor,
  firmId: string,
  customerId: string,
  rmId: string | null,
) {
  let query = db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId);
  if (rmId !== null) query = query.where('rm_id', '=', rmId);
  return query.executeTakeFirst();
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
    .leftJoin('users as u', 'u.id', 'n.author_id')
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

export async function updateNote(db: Executor, noteId: string, body: string) {
  await db
    .updateTable('customer_notes')
    .set({ body, updated_at: sql<Date>`now()` })
    .where('id', '=', noteId)
    .execute();
}
