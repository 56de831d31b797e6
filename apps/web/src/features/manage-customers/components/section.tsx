import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One titled card of the page. */
export function Section({
  title,
  description,
  children,
  labelId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  labelId: string;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={labelId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} id={labelId} fz={{ base: 18, sm: 20 }}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A failed list in place, with the message of spec §8 and a retry. */
export function LoadError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={20} />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}

/** A centred line for an empty list. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text ta="center" c="dimmed" py="lg">
      {children}
    </Text>
  );
}
