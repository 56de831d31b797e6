import { z } from 'zod';

/**
 * Notes on a customer (issue 20, item 7): written by the customer's RM or the admin, audited,
 * editable by their author for NOTE_EDIT_HOURS, never deleted.
 */
export const NOTE_MAX = 2000;
export const NOTE_EDIT_HOURS = 24;
/**
 * A note identical to one its author wrote on the customer less than this many seconds before
 * is a repeat (a double submission): it answers that note instead of writing another
 * (docs/product-rules.md, "Repeated outcomes and notes").
 */
export const NOTE_REPEAT_SECONDS = 10;

export const NOTE_MESSAGES = {
  required: 'Write the note first',
  tooLong: `A note can be at most ${NOTE_MAX} characters`,
  notFound: 'Note not found',
  notAuthor: 'Only the author of a note can edit it',
  editWindowClosed: `A note can be edited only within ${NOTE_EDIT_HOURS} hours of writing it`,
  saved: 'Note saved',
  updated: 'Note updated',
} as const;

export const noteRequestSchema = z.object({
  body: z
    .string({ error: NOTE_MESSAGES.required })
    .trim()
    .min(1, NOTE_MESSAGES.required)
    .max(NOTE_MAX, NOTE_MESSAGES.tooLong),
});
export type NoteRequest = z.input<typeof noteRequestSchema>;

export const noteParamsSchema = z.object({
  customer_id: z.string().min(1).max(200),
  note_id: z.uuid({ error: NOTE_MESSAGES.notFound }),
});

export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  /** When the author last changed it, or null. */
  updated_at: z.string().nullable(),
  /** Until when its author may still edit it. */
  editable_until: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteResponseSchema = z.object({ message: z.string(), note: noteSchema });
export type NoteResponse = z.infer<typeof noteResponseSchema>;
