import { callCapacityResponseSchema, type CallCapacityResponse } from '@behavio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /settings/call-capacity: the firm's calls_per_day, the RM's own and the one in use. */
const capacityQueryKey = ['call-capacity'] as const;

export const getCallCapacityQueryOptions = () =>
  queryOptions({
    queryKey: capacityQueryKey,
    queryFn: ({ signal }) =>
      api.get('/settings/call-capacity', { schema: callCapacityResponseSchema, signal }),
  });

export function useCallCapacity() {
  return useQuery(getCallCapacityQueryOptions());
}

/**
 * Sets the firm's capacity (the admin) or the RM's own; null goes back to the default or the
 * firm's. Today's call list changes size at once, so the RM lists are read again.
 */
export function useSetCallCapacity(target: 'firm' | 'own') {
  const queryClient = useQueryClient();
  const path = target === 'firm' ? '/settings/firm-call-capacity' : '/settings/my-call-capacity';
  return useMutation({
    mutationFn: (value: number | null): Promise<CallCapacityResponse> =>
      api.put(path, { calls_per_day: value }, { schema: callCapacityResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(capacityQueryKey, answer);
      return queryClient.invalidateQueries({ queryKey: rmAnalyticsKeys.all });
    },
  });
}
