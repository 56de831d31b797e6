import type { HistoryEntry } from '@behavio/contract';
import { CHANGE_RULES } from '@behavio/contract';
import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { EmptyLine } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { useFileNames } from '@/lib/customer-files';
import { CHANGE_KIND_LABELS, changedFigures, type ProductName } from '@/lib/insight-changes';
import { formatRecordedAt } from '../utils/format';
import { PriorityChart } from './priority-chart';

/** Where a record came from, by the file's name when the firm still has the file. */
function sourceText(entry: HistoryEntry, fileName: (fileId: string) => string | undefined) {
  if (entry.source === 'api') return 'From the API feed';
  const name = entry.file_id ? fileName(entry.file_id) : undefined;
  return name ? `From ${name}` : 'From a file no longer listed';
}

function FigureLines({ lines }: { lines: { label: string; text: string }[] }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No shown figure changed.
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        <Text key={line.label} component="li" size="sm">
          <Text span size="sm" c="dimmed">
            {line.label}:
          </Text>{' '}
          <Text span size="sm" fw={600}>
            {line.text}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function HistoryItem({
  entry,
  previous,
  productName,
  fileName,
}: {
  entry: HistoryEntry;
  previous: HistoryEntry | null;
  productName: ProductName;
  fileName: (fileId: string) => string | undefined;
}) {
  // The first record has nothing before it: its figures as they were.
  const lines = previous
    ? changedFigures(previous, entry, productName).map((figure) => ({
        label: figure.label,
        text: `${figure.before} → ${figure.after}`,
      }))
    : changedFigures(null, entry, productName).map((figure) => ({
        label: figure.label,
        text: figure.after,
      }));
  return (
    <Paper withBorder radius="md" p="sm" role="listitem">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap={6}>
            {previous === null ? (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                First record
              </Badge>
            ) : null}
            {entry.changes.map((kind) => (
              <Tooltip key={kind} label={CHANGE_RULES[kind]} multiline maw={260}>
                <Badge variant="light" color="orange" radius="sm" tt="none">
                  {CHANGE_KIND_LABELS[kind]}
                </Badge>
              </Tooltip>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.recorded_at}>{formatRecordedAt(entry.recorded_at)}</time> ·{' '}
            {sourceText(entry, fileName)}
          </Text>
        </Group>
        <FigureLines lines={lines} />
      </Stack>
    </Paper>
  );
}

/**
 * How the customer's insight moved with each import (issue 19, item 1): the priority over time
 * and, newest first, each recorded state with the kinds of change it brought and every figure
 * shown as before → after.
 */
export function InsightHistory({
  history,
  productName,
}: {
  history: readonly HistoryEntry[];
  productName: ProductName;
}) {
  const fileName = useFileNames(history.some((entry) => entry.file_id !== null));
  return (
    <SectionCard
      labelId="insight-history"
      title="Insight history"
      description="What each import changed for this customer, newest first."
    >
      {history.length === 0 ? (
        <EmptyLine>No history yet: the next import of this customer starts it.</EmptyLine>
      ) : (
        <Stack gap="md">
          <PriorityChart history={history} />
          <Stack gap="xs" role="list" aria-label="Insight changes, newest first">
            {history.map((entry, index) => (
              <HistoryItem
                key={`${entry.recorded_at}-${index}`}
                entry={entry}
                previous={history[index + 1] ?? null}
                productName={productName}
                fileName={fileName}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
