import { Center, Loader, Stack, Text } from '@mantine/core';

/** The message product-rules: Screens gives the sign-in loading screen. */
export const INSIGHTS_LOADING_MESSAGE = 'Preparing your personalized insights...';

export interface LoadingScreenProps {
  message?: string;
  /** Covers the page (e.g. during sign-in) instead of filling its container. */
  overlay?: boolean;
}

export function LoadingScreen({ message, overlay = false }: LoadingScreenProps) {
  return (
    <Center
      role="status"
      aria-live="polite"
      aria-label={message ?? 'Loading'}
      mih="100dvh"
      p="md"
      bg={overlay ? 'rgba(255, 255, 255, 0.96)' : undefined}
      style={overlay ? { position: 'fixed', inset: 0, zIndex: 300 } : undefined}
    >
      <Stack align="center" gap="md">
        <Loader size="lg" type="dots" />
        {message ? (
          <Text c="dimmed" fw={500} ta="center">
            {message}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
