import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/config/theme';
import { createQueryClient } from '@/lib/query-client';
import { getSessionGeneration, subscribeSession } from '@/lib/session';

/**
 * Drops everything cached for the previous session (the user first of all) whenever the
 * session changes: logout, a 420, or a new sign-in (not a renewed token of the same session).
 */
function SessionCacheReset() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let generation = getSessionGeneration();
    return subscribeSession(() => {
      const next = getSessionGeneration();
      if (next === generation) return;
      generation = next;
      void queryClient.cancelQueries();
      queryClient.clear();
    });
  }, [queryClient]);
  return null;
}

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={client}>
        <SessionCacheReset />
        <ModalsProvider>
          {/* Below the 64px header (global.css), so a toast never covers Login or Logout; tall
              enough for a long list of missing columns. */}
          <Notifications position="top-right" limit={4} zIndex={1000} notificationMaxHeight={480} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
