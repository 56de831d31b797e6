import { segmentsResponseSchema, type SegmentsResponse } from '@behavio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-segments: the book grouped into the five behavioural segments. */
export function getSegments(view: ViewQuery = {}, signal?: AbortSignal): Promise<SegmentsResponse> {
  return api.get('/content/rm-segments', { schema: segmentsResponseSchema, signal, query: view });
}

export const getSegmentsQueryOptions = (view: ViewQuery = {}) =>
  queryOptions({
    queryKey: [...rmAnalyticsKeys.segments(), view],
    queryFn: ({ signal }) => getSegments(view, signal),
    // A new sort or filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useSegments(view: ViewQuery = {}) {
  const token = useToken();
  return useQuery({ ...getSegmentsQueryOptions(view), enabled: token !== null });
}
