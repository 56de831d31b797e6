import { rmBookResponseSchema, type RmBookResponse } from '@behavio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-own-book: the signed-in RM's customers. */
export function getOwnBook(view: ViewQuery = {}, signal?: AbortSignal): Promise<RmBookResponse> {
  return api.get('/content/rm-own-book', { schema: rmBookResponseSchema, signal, query: view });
}

export const getOwnBookQueryOptions = (view: ViewQuery = {}) =>
  queryOptions({
    queryKey: [...rmAnalyticsKeys.ownBook(), view],
    queryFn: ({ signal }) => getOwnBook(view, signal),
    // A new sort or filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

/** Loads when a token is present (product-rules: Screens RM analytics screens). */
export function useOwnBook(view: ViewQuery = {}) {
  const token = useToken();
  return useQuery({ ...getOwnBookQueryOptions(view), enabled: token !== null });
}
