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
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
