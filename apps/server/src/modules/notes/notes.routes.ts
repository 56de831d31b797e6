import {
  customerPageParamsSchema,
  noteParamsSchema,
  noteRequestSchema,
  noteResponseSchema,
  recordHeadersSchema,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@behavio/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { NotesService } from './notes.service.js';

/** Notes on a customer: the customer's RM and the admin write them; the author edits for a day. */
export function notesRoutes(app: FastifyInstance, deps: { notes: NotesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.customerNotes };
  const docs = bearerRouteDocs('customers');

  r.post(
    '/api/content/customer/:customer_id/notes',
    {
      config,
      schema: {
        operationId: 'addCustomerNote',
        summary: 'Write a note on a customer',
        description:
          "Audited. The admin may write on any of the firm's customers, an RM on their own; another RM's customer, like another firm's, answers 404. The same text by the same author on the same customer within NOTE_REPEAT_SECONDS (10) is a repeat: it answers that note and writes nothing. Send `Idempotency-Key` to retry safely.",
        ...docs,
        headers: recordHeadersSchema,
        params: customerPageParamsSchema,
        body: noteRequestSchema,
        response: { 201: noteResponseSchema, ...errorResponses(400, 403, 404, 420, 422) },
      },
    },
    async (request, reply) => {
      const answer = await deps.notes.add(
        principalOf(request),
        request.params.customer_id,
        request.body.body,
        request.headers['idempotency-key'],
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(answer.body);
    },
  );

  r.put(
    '/api/content/customer/:customer_id/notes/:note_id',
    {
      config,
      schema: {
        operationId: 'editCustomerNote',
        summary: 'Edit a note on a customer',
        description:
          'Audited, with the text before and after. Only the author (403 note_not_author), within 24 hours of writing it (409 note_edit_window_closed); notes are never deleted.',
        ...docs,
        params: noteParamsSchema,
        body: noteRequestSchema,
        response: { 200: noteResponseSchema, ...errorResponses(400, 403, 404, 409, 420) },
      },
    },
    (request) =>
      deps.notes.edit(
        principalOf(request),
        request.params.customer_id,
        request.params.note_id,
        request.body.body,
      ),
  );
}
