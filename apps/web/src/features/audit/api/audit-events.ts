import { auditEventsResponseSchema, type AuditEventsResponse } from '@behavio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

export const AUDIT_TEXT = {
  fetchError: 'Failed to fetch the audit log',
  fallback: 'Something went wrong',
  empty: 'No activity recorded yet.',
} as const;

export const auditQueryKey = (page: number, pageSize: number) =>
  ['audit', 'events', { page, pageSize }] as const;

/** GET /audit/events?page&page_size (admin and compliance, any plan), newest first. */
export function getAuditEvents(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AuditEventsResponse> {
  return api.get('/audit/events', {
    query: { page, page_size: pageSize },
    schema: auditEventsResponseSchema,
    signal,
  });
}

export function useAuditEvents(page: number, pageSize: number) {
  return useQuery({
    queryKey: auditQueryKey(page, pageSize),
    queryFn: ({ signal }) => getAuditEvents(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
