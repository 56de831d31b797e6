import { rmBookResponseSchema, type RmBookResponse } from '@behavio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-own-book: the signed-in RM's customers. */
export function getOwnBook(signal?: AbortSignal): Promise<RmBookResponse> {
  return api.get('/content/rm-own-book', { schema: rmBookResponseSchema, signal });
}

export const getOwnBookQueryOptions = () =>
  queryOptions({
    queryKey: rmAnalyticsKeys.ownBook(),
    queryFn: ({ signal }) => getOwnBook(signal),
  });

/** Loads when a token is present (product-rules: Screens RM analytics screens). */
export function useOwnBook() {
  const token = useToken();
  return useQuery({ ...getOwnBookQueryOptions(), enabled: token !== null });
}
