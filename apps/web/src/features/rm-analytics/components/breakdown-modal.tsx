import { Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { BREAKDOWN_HELP } from '../utils/explanations';
import { fixed } from '@/lib/display-rules';
import { underscoresToSpaces } from '../utils/format';
import { HelpIcon } from './panel-parts';

export interface BreakdownTarget {
  customerId: string;
  breakdown: Record<string, number> | null | undefined;
  why: string;
}

const helpFor = (key: string): string | undefined =>
  (BREAKDOWN_HELP as Record<string, string | undefined>)[key];

/**
 * product-rules: Screens Customer Priority Scores: 'Breakdown Details' lists each breakdown key (underscores
 * shown as spaces) with a 2-decimal value, or 'No breakdown available.'
 */
export function BreakdownModal({
  target,
  onClose,
}: {
  target: BreakdownTarget | null;
  onClose: () => void;
}) {
  const entries = Object.entries(target?.breakdown ?? {});
  return (
    <Modal opened={target !== null} onClose={onClose} title="Breakdown Details" centered>
      {target ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Customer {target.customerId}
          </Text>
          {entries.length === 0 ? (
            <Text>No breakdown available.</Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Breakdown">
              {entries.map(([key, value]) => {
                const help = helpFor(key);
                return (
                  <Group key={key} justify="space-between" role="listitem" wrap="nowrap">
                    <Group gap={4} wrap="nowrap">
                      <Text tt="capitalize">{underscoresToSpaces(key)}</Text>
                      {help ? <HelpIcon label={help} ariaLabel={`About ${key}`} /> : null}
                    </Group>
                    <Text fw={700}>{fixed(value, 2)}</Text>
                  </Group>
                );
              })}
            </Stack>
          )}
          {target.why ? (
            <>
              <Divider />
              <Text size="sm" fw={600}>
                Why
              </Text>
              <Text size="sm">{target.why}</Text>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
