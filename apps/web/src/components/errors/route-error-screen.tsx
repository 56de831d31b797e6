import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { isChunkLoadError } from '@/lib/lazy-route';

/**
 * The router's error screen. A page chunk that still fails after the retries (or the 120 s
 * bound) offers a reload, which also picks up a newer deployment.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={2}>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {chunk
            ? 'Part of the application failed to load. Check your connection, then reload the page.'
            : 'An unexpected error occurred. Reload the page to try again.'}
        </Text>
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Reload page
          </Button>
          {chunk ? null : (
            <Button variant="default" onClick={() => window.location.assign(paths.home)}>
              Go to Homepage
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
