import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useLogout } from '@/lib/session-guards';

/** check-user failed for another reason than an invalid token (a 420 logs out instead). */
export function UserLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const logout = useLogout();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconCloudOff size={30} />
        </ThemeIcon>
        <Title order={2}>We could not load your account</Title>
        <Text c="dimmed">Check your connection and try again.</Text>
        <Group justify="center">
          <Button onClick={onRetry} loading={retrying}>
            Try again
          </Button>
          <Button variant="default" onClick={logout}>
            Logout
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
