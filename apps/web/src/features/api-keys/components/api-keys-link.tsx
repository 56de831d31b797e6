import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Settings' way to API keys: the phone's bottom bar has no room for it (nav-items.ts). */
export function ApiKeysLink() {
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>API keys</Text>
          <Text size="sm" c="dimmed">
            Let your firm&apos;s systems send customers without a file upload.
          </Text>
        </Stack>
        <Button
          component={Link}
          to={paths.apiKeys}
          variant="light"
          leftSection={<IconKey size={16} />}
        >
          Manage API keys
        </Button>
      </Group>
    </Card>
  );
}
