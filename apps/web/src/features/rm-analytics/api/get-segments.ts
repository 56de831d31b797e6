import { segmentsResponseSchema, type SegmentsResponse } from '@behavio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-segments: the book grouped into the five behavioural segments. */
export function getSegments(signal?: AbortSignal): Promise<SegmentsResponse> {
  return api.get('/content/rm-segments', { schema: segmentsResponseSchema, signal });
}

export const getSegmentsQueryOptions = () =>
  queryOptions({
    queryKey: rmAnalyticsKeys.segments(),
    queryFn: ({ signal }) => getSegments(signal),
  });

export function useSegments() {
  const token = useToken();
  return useQuery({ ...getSegmentsQueryOptions(), enabled: token !== null });
}
