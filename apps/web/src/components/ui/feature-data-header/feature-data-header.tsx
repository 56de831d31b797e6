import { Code, Group, Stack, Text } from '@mantine/core';

/**
 * The 'Feature Data' heading of a premium card with the user id the server answered. The id
 * wraps rather than being cut: at 390 px a UUID is wider than the card.
 */
export function FeatureDataHeader({ userId }: { userId: string }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm" tt="uppercase" c="dimmed">
        Feature Data
      </Text>
      <Group gap={8} style={{ minWidth: 0, rowGap: 2 }}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          User ID
        </Text>
        <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{userId}</Code>
      </Group>
    </Stack>
  );
}
