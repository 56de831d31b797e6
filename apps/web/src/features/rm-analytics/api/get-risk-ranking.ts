import { riskRankingResponseSchema, type RiskRankingResponse } from '@behavio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/session';
import { rmAnalyticsKeys } from '@/lib/query-keys';

/** GET /content/rm-risk-ranking: the book grouped into high, medium and low risk. */
export function getRiskRanking(signal?: AbortSignal): Promise<RiskRankingResponse> {
  return api.get('/content/rm-risk-ranking', { schema: riskRankingResponseSchema, signal });
}

export const getRiskRankingQueryOptions = () =>
  queryOptions({
    queryKey: rmAnalyticsKeys.riskRanking(),
    queryFn: ({ signal }) => getRiskRanking(signal),
  });

export function useRiskRanking() {
  const token = useToken();
  return useQuery({ ...getRiskRankingQueryOptions(), enabled: token !== null });
}
