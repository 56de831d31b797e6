import { riskRankingResponseSchema, type RiskRankingResponse } from '@behavio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-risk-ranking: the book grouped into high, medium and low risk. */
export function getRiskRanking(
  view: ViewQuery = {},
  signal?: AbortSignal,
): Promise<RiskRankingResponse> {
  return api.get('/content/rm-risk-ranking', {
    schema: riskRankingResponseSchema,
    signal,
    query: view,
  });
}

export const getRiskRankingQueryOptions = (view: ViewQuery = {}) =>
  queryOptions({
    queryKey: [...rmAnalyticsKeys.riskRanking(), view],
    queryFn: ({ signal }) => getRiskRanking(view, signal),
    // A new sort or filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useRiskRanking(view: ViewQuery = {}) {
  const token = useToken();
  return useQuery({ ...getRiskRankingQueryOptions(view), enabled: token !== null });
}
