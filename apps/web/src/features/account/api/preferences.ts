import { preferencesSchema, type Preferences } from '@behavio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/preferences: the signed-in user's own preferences (the alert digest). */
const preferencesQueryKey = ['preferences'] as const;

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) => api.get('/auth/preferences', { schema: preferencesSchema, signal }),
  });

export function usePreferences() {
  return useQuery(getPreferencesQueryOptions());
}

/** PUT /auth/preferences: keeps the answer as the preferences shown. */
export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences): Promise<Preferences> =>
      api.put('/auth/preferences', body, { schema: preferencesSchema }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesQueryKey, answer),
  });
}
