import {
  CUSTOMER_PAGE_MESSAGES,
  NOTE_MESSAGES,
  type Note,
  type NoteResponse,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import { idempotently, type IdempotentAnswer } from '../idempotency/idempotency.service.js';
import * as repo from './notes.repository.js';

/**
 * Notes on a customer (issue 20, item 7; docs/product-rules.md, "Notes on a customer"). The
 * customer's RM and the admin write them; only the author edits one, for NOTE_EDIT_HOURS after
 * writing it; nobody deletes one. Every write is audited. Another RM's customer, like another
 * firm's, answers 404, as the customer page does.
 */
export class NotesService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The customer's notes, newest first (the customer page's timeline). */
  async forCustomer(db: Executor, firmId: string, customerId: string): Promise<Note[]> {
    return (await repo.notesOf(db, firmId, customerId)).map(toNote);
  }

  /**
   * Writes a note. The same text by the same author on the same customer within
   * NOTE_REPEAT_SECONDS is a repeat: it answers that note and writes nothing (the customer is
   * locked, so repeats sent at once find each other). With an Idempotency-Key, a retry answers
   * the first answer.
   */
  add(
    principal: Principal,
    customerId: string,
    body: string,
    idempotencyKey?: string,
  ): Promise<IdempotentAnswer<NoteResponse>> {
    const call = {
      firmId: principal.firmId,
      userId: principal.userId,
      scope: 'note' as const,
      key: idempotencyKey,
      request: { customer_id: customerId, body },
    };
    return idempotently(this.db, call, async (trx) => {
      const customer = await this.visibleCustomer(trx, principal, customerId, true);
      const note = { firmId: principal.firmId, customerId: customer, authorId: principal.userId };
      const repeated = await repo.findRepeatedNote(trx, { ...note, body });
      if (repeated)
        return {
          message: NOTE_MESSAGES.saved,
          note: await this.read(trx, principal, customer, repeated),
        };
      const id = await repo.insertNote(trx, { ...note, body });
      await recordAudit(trx, principal, {
        action: 'note.added',
        subjectType: 'customer',
        subjectId: customer,
        after: { note_id: id, body },
      });
      return { message: NOTE_MESSAGES.saved, note: await this.read(trx, principal, customer, id) };
    });
  }

  edit(
    principal: Principal,
    customerId: string,
    noteId: string,
    body: string,
  ): Promise<NoteResponse> {
    return this.db.transaction().execute(async (trx) => {
      const customer = await this.visibleCustomer(trx, principal, customerId);
      const note = await repo.lockNote(trx, principal.firmId, customer, noteId);
      if (!note) throw notFound(NOTE_MESSAGES.notFound);
      if (note.author_id !== principal.userId)
        throw forbidden(NOTE_MESSAGES.notAuthor, 'note_not_author');
      if (!note.editable)
        throw new AppError('note_edit_window_closed', NOTE_MESSAGES.editWindowClosed);
      await repo.updateNote(trx, principal.firmId, noteId, body);
      await recordAudit(trx, principal, {
        action: 'note.edited',
        subjectType: 'customer',
        subjectId: customer,
        before: { note_id: noteId, body: note.body },
        after: { note_id: noteId, body },
      });
      return {
        message: NOTE_MESSAGES.updated,
        note: await this.read(trx, principal, customer, noteId),
      };
    });
  }

  /** The customer's id if the principal may write about them, else 404 (as the customer page). */
  private async visibleCustomer(
    db: Executor,
    principal: Principal,
    customerId: string,
    lock = false,
  ) {
    const rmId = principal.role === 'admin' ? null : principal.userId;
    const customer = await repo.findCustomer(db, principal.firmId, customerId, rmId, lock);
    if (!customer) throw notFound(CUSTOMER_PAGE_MESSAGES.notFound);
    return customer.customer_id;
  }

  private async read(db: Executor, principal: Principal, customerId: string, noteId: string) {
    const row = await repo.findNote(db, principal.firmId, customerId, noteId);
    if (!row) throw new Error(`Note ${noteId} was not written`);
    return toNote(row);
  }
}

const toNote = (row: repo.NoteRow): Note => ({
  id: row.id,
  body: row.body,
  author_id: row.author_id,
  author_name: row.author_name ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at?.toISOString() ?? null,
  editable_until: new Date(row.editable_until).toISOString(),
});
