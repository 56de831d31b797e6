import { Alert, Button, Center, Loader, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list or card still loading: dots, announced by `label`. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}

/** What a retry needs of a failed query. */
export interface RetryableQuery {
  refetch: () => unknown;
  isFetching: boolean;
}

export interface RetryButtonProps extends ButtonProps {
  query: RetryableQuery;
  children: ReactNode;
}

/** Loads a failed query again, and spins while it does. */
export function RetryButton({ query, ...props }: RetryButtonProps) {
  return <Button {...props} onClick={() => void query.refetch()} loading={query.isFetching} />;
}

/**
 * The two looks of a failed load in the spec: the lists' ('Try again') and the warning of the
 * plans and premium features ('Retry' with its icon).
 */
const LOAD_ERROR_LOOKS = {
  list: { icon: <IconAlertCircle size={20} />, retryLabel: 'Try again', retryIcon: undefined },
  warning: {
    icon: <IconAlertTriangle size={20} />,
    retryLabel: 'Retry',
    retryIcon: <IconRefresh size={14} />,
  },
} as const;

export interface LoadErrorAlertProps {
  title?: string;
  message: string;
  /** The failed query: the retry button refetches it and spins while it does. */
  query: RetryableQuery;
  look?: keyof typeof LOAD_ERROR_LOOKS;
}

/** Content that failed to load, in place, with the message of product-rules: Error messages and a retry. */
export function LoadErrorAlert({ title, message, query, look = 'list' }: LoadErrorAlertProps) {
  const { icon, retryLabel, retryIcon } = LOAD_ERROR_LOOKS[look];
  return (
    <Alert color="red" variant="light" title={title} icon={icon}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <RetryButton query={query} size="xs" variant="default" leftSection={retryIcon}>
          {retryLabel}
        </RetryButton>
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
