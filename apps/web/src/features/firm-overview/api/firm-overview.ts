import { firmOverviewResponseSchema, type FirmOverviewResponse } from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const firmOverviewQueryKey = ['firm-overview'] as const;

export const FIRM_OVERVIEW_TEXT = {
  fetchError: 'Failed to load the firm overview',
  fallback: 'Something went wrong',
  notAssigned: 'Not assigned',
} as const;

/** GET /content/firm-overview (admin, head and compliance on a paid plan). */
export function getFirmOverview(signal?: AbortSignal): Promise<FirmOverviewResponse> {
  return api.get('/content/firm-overview', { schema: firmOverviewResponseSchema, signal });
}

export function useFirmOverview() {
  return useQuery({
    queryKey: firmOverviewQueryKey,
    queryFn: ({ signal }) => getFirmOverview(signal),
    // Assignments and uploads happen on other pages: read it again on each visit.
    staleTime: 0,
  });
}
