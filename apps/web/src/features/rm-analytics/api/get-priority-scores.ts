import { priorityScoresResponseSchema, type PriorityScoresResponse } from '@behavio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-priority-scores. */
export function getPriorityScores(
  view: ViewQuery = {},
  signal?: AbortSignal,
): Promise<PriorityScoresResponse> {
  return api.get('/content/rm-priority-scores', {
    schema: priorityScoresResponseSchema,
    signal,
    query: view,
  });
}

export const getPriorityScoresQueryOptions = (view: ViewQuery = {}) =>
  queryOptions({
    queryKey: [...rmAnalyticsKeys.priorityScores(), view],
    queryFn: ({ signal }) => getPriorityScores(view, signal),
    // A new sort or filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function usePriorityScores(view: ViewQuery = {}) {
  const token = useToken();
  return useQuery({ ...getPriorityScoresQueryOptions(view), enabled: token !== null });
}
