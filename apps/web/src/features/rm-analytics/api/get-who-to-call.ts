import { whoToCallResponseSchema, type WhoToCallResponse } from '@behavio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-who-to-call: highest priority first, without customers already handled. */
export function getWhoToCall(signal?: AbortSignal): Promise<WhoToCallResponse> {
  return api.get('/content/rm-who-to-call', { schema: whoToCallResponseSchema, signal });
}

export const getWhoToCallQueryOptions = () =>
  queryOptions({
    queryKey: rmAnalyticsKeys.whoToCall(),
    queryFn: ({ signal }) => getWhoToCall(signal),
  });

export function useWhoToCall() {
  const token = useToken();
  return useQuery({ ...getWhoToCallQueryOptions(), enabled: token !== null });
}
