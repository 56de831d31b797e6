import { Code, Group, Stack, Text } from '@mantine/core';

/** The 'Feature Data' heading of a premium card with the user id the server answered. */
export function FeatureDataHeader({ userId }: { userId: string }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm" tt="uppercase" c="dimmed">
        Feature Data
      </Text>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          User ID
        </Text>
        <Code style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {userId}
        </Code>
      </Group>
    </Stack>
  );
}
