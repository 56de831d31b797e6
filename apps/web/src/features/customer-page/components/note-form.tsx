import { NOTE_MAX, noteRequestSchema } from '@behavio/contract';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError, messageOr } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { NOTE_TEXT, useSaveNote } from '../api/notes';

interface NoteFormProps {
  customerId: string;
  /** The note being edited, or none for a new one. */
  note?: { id: string; body: string };
  onDone?: () => void;
}

/**
 * Writes a note on the customer, or edits one of the signed-in user's own (docs/product-rules.md,
 * "Notes on a customer"). The server's refusals (another author, a day gone by) are toasts with
 * its message; a field error goes under the text.
 */
export function NoteForm({ customerId, note, onDone }: NoteFormProps) {
  const save = useSaveNote(customerId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: note?.body ?? '' },
    validate: schemaResolver(noteRequestSchema),
  });

  const submit = (values: { body: string }) =>
    save.mutate(
      { noteId: note?.id, body: values.body.trim() },
      {
        onSuccess: (answer) => {
          toast.success({ message: answer.message });
          form.reset();
          onDone?.();
        },
        onError: (error) => {
          const field = isApiError(error)
            ? error.errors?.find((entry) => entry.path === 'body')
            : undefined;
          if (field) form.setFieldError('body', field.msg);
          else
            toast.error({
              title: NOTE_TEXT.failedTitle,
              message: messageOr(error, NOTE_TEXT.failedFallback),
            });
        },
      },
    );

  const label = note ? `Edit note` : NOTE_TEXT.label;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="xs">
        <Textarea
          label={label}
          placeholder={NOTE_TEXT.placeholder}
          autosize
          minRows={2}
          maxRows={8}
          description={`${form.values.body.length}/${NOTE_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end" gap="xs">
          {note ? (
            <Button variant="default" size="xs" onClick={onDone}>
              {NOTE_TEXT.cancel}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={save.isPending}>
            {note ? NOTE_TEXT.save : NOTE_TEXT.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
