import {
  whoToCallResponseSchema,
  type WhoToCallResponse,
  type WhoToCallScope,
} from '@behavio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/**
 * GET /content/rm-who-to-call, highest priority first (or by the view's sort): `today`, the
 * customers who need a call cut to the RM's daily capacity, or `all`, the whole book, each with
 * its call_state (docs/product-rules.md, "Today's call list"); the view's filters narrow either.
 */
export function getWhoToCall(
  scope: WhoToCallScope,
  view: ViewQuery = {},
  signal?: AbortSignal,
): Promise<WhoToCallResponse> {
  return api.get('/content/rm-who-to-call', {
    schema: whoToCallResponseSchema,
    signal,
    query: { ...view, scope },
  });
}

export const getWhoToCallQueryOptions = (scope: WhoToCallScope, view: ViewQuery = {}) =>
  queryOptions({
    queryKey: [...rmAnalyticsKeys.whoToCall(), scope, view],
    queryFn: ({ signal }) => getWhoToCall(scope, view, signal),
    // A new sort or filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useWhoToCall(scope: WhoToCallScope, view: ViewQuery = {}) {
  const token = useToken();
  return useQuery({ ...getWhoToCallQueryOptions(scope, view), enabled: token !== null });
}
