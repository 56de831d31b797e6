import type { CallOutcomeEntry, ProductOutcomeEntry } from '@behavio/contract';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { EmptyLine } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { formatRecordedAt } from '../utils/format';
import { outcomeHistory } from '../utils/history';

/** What was done about the customer, newest first: product and call outcomes together. */
export function OutcomeHistory({
  products,
  calls,
}: {
  products: readonly ProductOutcomeEntry[];
  calls: readonly CallOutcomeEntry[];
}) {
  const entries = outcomeHistory(products, calls);
  return (
    <SectionCard labelId="outcome-history" title="Outcome history">
      {entries.length === 0 ? (
        <EmptyLine>No outcomes recorded yet.</EmptyLine>
      ) : (
        <Stack gap="xs" role="list" aria-label="Outcomes, newest first">
          {entries.map((entry) => (
            <Paper key={entry.key} withBorder radius="md" p="sm" role="listitem">
              <Group justify="space-between" gap="xs" align="flex-start">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge
                    variant="light"
                    color={entry.kind === 'Product' ? 'blue' : 'gray'}
                    radius="sm"
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {entry.kind}
                  </Badge>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {entry.what}
                    </Text>
                    {entry.reason ? (
                      <Text size="sm" c="dimmed">
                        Reason: {entry.reason}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatRecordedAt(entry.recorded_at)}
                  {entry.recorded_by ? ` · ${entry.recorded_by}` : ''}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
