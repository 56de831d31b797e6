import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list or card still loading: dots, announced by `label`. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}

export interface LoadErrorAlertProps {
  title: string;
  message: string;
  /** The failed query: 'Try again' refetches it and spins while it does. */
  query: { refetch: () => unknown; isFetching: boolean };
}

/** A list that failed to load, in place, with the message of spec §8 and a retry. */
export function LoadErrorAlert({ title, message, query }: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={20} />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
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
