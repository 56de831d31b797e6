import { auditEventsResponseSchema, type AuditEventsResponse } from '@behavio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

export const AUDIT_TEXT = {
  fetchError: 'Failed to fetch the audit log',
  fallback: 'Something went wrong',
  empty: 'No activity recorded yet.',
  noMatch: 'No activity matches these filters.',
} as const;

/** The log's filters as the API takes them: action, actor (email), from and to (YYYY-MM-DD). */
export type AuditQueryFilters = Partial<Record<'action' | 'actor' | 'from' | 'to', string>>;

export const auditQueryKey = (page: number, pageSize: number, filters: AuditQueryFilters = {}) =>
  ['audit', 'events', { page, pageSize, filters }] as const;

/** GET /audit/events?page&page_size&filters (admin and compliance, any plan), newest first. */
export function getAuditEvents(
  page: number,
  pageSize: number,
  filters: AuditQueryFilters = {},
  signal?: AbortSignal,
): Promise<AuditEventsResponse> {
  return api.get('/audit/events', {
    query: { ...filters, page, page_size: pageSize },
    schema: auditEventsResponseSchema,
    signal,
  });
}

export function useAuditEvents(page: number, pageSize: number, filters: AuditQueryFilters = {}) {
  return useQuery({
    queryKey: auditQueryKey(page, pageSize, filters),
    queryFn: ({ signal }) => getAuditEvents(page, pageSize, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
