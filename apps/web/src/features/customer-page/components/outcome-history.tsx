import type { CallOutcomeEntry, Note, ProductOutcomeEntry } from '@behavio/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyLine } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { useUser } from '@/lib/auth';
import { NOTE_TEXT } from '../api/notes';
import { formatRecordedAt } from '../utils/format';
import { outcomeHistory, type HistoryEntry } from '../utils/history';
import { NoteForm } from './note-form';

const KIND_COLORS: Record<HistoryEntry['kind'], string> = {
  Product: 'blue',
  Call: 'gray',
  Note: 'grape',
};

/** The signed-in user may still edit the note: their own, within its edit window. */
function useCanEdit() {
  const { data: user } = useUser();
  return (note: Note | undefined) =>
    note !== undefined &&
    user !== undefined &&
    note.author_id === user.id &&
    Date.now() < Date.parse(note.editable_until);
}

function TimelineEntry({
  customerId,
  entry,
  canEdit,
}: {
  customerId: string;
  entry: HistoryEntry;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const note = entry.note;
  return (
    <Paper withBorder radius="md" p="sm" role="listitem">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem' }}>
          <Badge
            variant="light"
            color={KIND_COLORS[entry.kind]}
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {entry.kind}
          </Badge>
          {editing && note ? (
            <div style={{ flex: 1 }}>
              <NoteForm customerId={customerId} note={note} onDone={() => setEditing(false)} />
            </div>
          ) : (
            <Stack gap={2}>
              <Text
                size="sm"
                fw={entry.kind === 'Note' ? 400 : 600}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {entry.what}
              </Text>
              {entry.reason ? (
                <Text size="sm" c="dimmed">
                  Reason: {entry.reason}
                </Text>
              ) : null}
            </Stack>
          )}
        </Group>
        <Stack gap={4} align="flex-end">
          <Text size="xs" c="dimmed">
            {formatRecordedAt(entry.recorded_at)}
            {entry.recorded_by ? ` · ${entry.recorded_by}` : ''}
            {note?.updated_at ? ' · edited' : ''}
          </Text>
          {canEdit && !editing ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              aria-label={`${NOTE_TEXT.edit} note of ${formatRecordedAt(entry.recorded_at)}`}
            >
              {NOTE_TEXT.edit}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * What was done and said about the customer, newest first (issue 20, item 7): product and call
 * outcomes and notes in one timeline, each with who and when, with the form to add a note.
 */
export function OutcomeHistory({
  customerId,
  products,
  calls,
  notes,
}: {
  customerId: string;
  products: readonly ProductOutcomeEntry[];
  calls: readonly CallOutcomeEntry[];
  notes: readonly Note[];
}) {
  const entries = outcomeHistory(products, calls, notes);
  const canEdit = useCanEdit();
  return (
    <SectionCard labelId="outcome-history" title="Timeline">
      <Stack gap="md">
        <NoteForm customerId={customerId} />
        {entries.length === 0 ? (
          <EmptyLine>No outcomes or notes yet.</EmptyLine>
        ) : (
          <Stack gap="xs" role="list" aria-label="Timeline, newest first">
            {entries.map((entry) => (
              <TimelineEntry
                key={entry.key}
                customerId={customerId}
                entry={entry}
                canEdit={canEdit(entry.note)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
