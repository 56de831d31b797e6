import { noteResponseSchema, type NoteRequest, type NoteResponse } from '@behavio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerPageKeys } from '@/lib/query-keys';

const notesPath = (customerId: string) =>
  `/content/customer/${encodeURIComponent(customerId)}/notes`;

/** POST /content/customer/{customer_id}/notes. */
export function addNote(customerId: string, body: NoteRequest): Promise<NoteResponse> {
  return api.post(notesPath(customerId), body, { schema: noteResponseSchema });
}

/** PUT /content/customer/{customer_id}/notes/{note_id}: the author, within a day. */
export function editNote(
  customerId: string,
  noteId: string,
  body: NoteRequest,
): Promise<NoteResponse> {
  return api.put(`${notesPath(customerId)}/${noteId}`, body, { schema: noteResponseSchema });
}

/** Writes or edits a note, then reads the customer's page (and its timeline) again. */
export function useSaveNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId?: string; body: string }) =>
      noteId ? editNote(customerId, noteId, { body }) : addNote(customerId, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerPageKeys.customer(customerId) }),
  });
}

export const NOTE_TEXT = {
  label: 'Add a note',
  placeholder: 'What was said, what to follow up…',
  add: 'Add note',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  failedTitle: 'Could not save the note',
  failedFallback: 'Something went wrong. Please try again.',
} as const;
