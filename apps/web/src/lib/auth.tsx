import { checkUserResponseSchema, type User } from '@behavio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';
import { useToken } from './session';

/** The signed-in user lives in the query cache under this key (cleared on every sign-out). */
export const userQueryKey = ['auth', 'user'] as const;

/** GET /auth/check-user; a 420 ends the session inside the api client. */
export async function getUser(signal?: AbortSignal): Promise<User> {
  const response = await api.get('/auth/check-user', { schema: checkUserResponseSchema, signal });
  return response.user;
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: Infinity,
  });
}

/**
 * The signed-in user, loaded when a token exists (spec: "the user is loaded when a token exists
 * but no user is loaded"). Disabled while signed out.
 */
export function useUser() {
  const token = useToken();
  return useQuery({ ...getUserQueryOptions(), enabled: token !== null });
}

/** Reloads the user from check-user, e.g. after an upload changes noOfFileUploads. */
export function useRefreshUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
    [queryClient],
  );
}

/** Replaces fields of the cached user, e.g. credits after an unlock (product-rules: States and transitions). */
export function useUpdateCachedUser(): (patch: Partial<User>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (patch) =>
      queryClient.setQueryData<User>(userQueryKey, (user) => (user ? { ...user, ...patch } : user)),
    [queryClient],
  );
}
