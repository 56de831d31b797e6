import { priorityScoresResponseSchema, type PriorityScoresResponse } from '@behavio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-priority-scores. */
export function getPriorityScores(signal?: AbortSignal): Promise<PriorityScoresResponse> {
  return api.get('/content/rm-priority-scores', { schema: priorityScoresResponseSchema, signal });
}

export const getPriorityScoresQueryOptions = () =>
  queryOptions({
    queryKey: rmAnalyticsKeys.priorityScores(),
    queryFn: ({ signal }) => getPriorityScores(signal),
  });

export function usePriorityScores() {
  const token = useToken();
  return useQuery({ ...getPriorityScoresQueryOptions(), enabled: token !== null });
}
