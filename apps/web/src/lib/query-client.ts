import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx, 420 included) will not change on retry; network trouble might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) return false;
  return failureCount < 2;
}

export const queryConfig: DefaultOptions = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  },
  mutations: {
    retry: false,
    // TanStack's default ('online') pauses a mutation while the browser reports no network,
    // leaving it pending for as long as the user is offline: the login's "Preparing your
    // personalized insights..." overlay stayed up with no way out. Sent anyway, the request
    // fails at once and the form shows the spec's 'Unable to connect to server…'.
    networkMode: 'always',
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
