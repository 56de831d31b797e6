import {
  MANAGE_CUSTOMERS_PAGE_SIZE,
  listCustomersResponseSchema,
  listRmsResponseSchema,
  type ListCustomersResponse,
  type ListRmsResponse,
} from '@behavio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { manageCustomersKeys } from './query-keys';

export interface CustomersPageQuery {
  page: number;
  pageSize?: number;
  search?: string;
  /** The sort and filters (issue 20), as the page's address holds them. */
  view?: ViewQuery;
}

/** GET /content/list-customers?page&page_size&search (customer id or country), sort and filters. */
export function listCustomers(
  { page, pageSize = MANAGE_CUSTOMERS_PAGE_SIZE, search, view }: CustomersPageQuery,
  signal?: AbortSignal,
): Promise<ListCustomersResponse> {
  return api.get('/content/list-customers', {
    query: { ...view, page, page_size: pageSize, search: search?.trim() || undefined },
    schema: listCustomersResponseSchema,
    signal,
  });
}

/** One page of 25 (product-rules: Constants); the previous page stays on screen while the next one loads. */
export function useCustomersPage(page: number, search: string, view: ViewQuery = {}) {
  return useQuery({
    queryKey: manageCustomersKeys.customers(page, search, view),
    queryFn: ({ signal }) => listCustomers({ page, search, view }, signal),
    placeholderData: keepPreviousData,
    // Employees deleted or customers assigned elsewhere change the list: read it on each visit.
    staleTime: 0,
  });
}

/** GET /content/list-rms. */
export function listRms(signal?: AbortSignal): Promise<ListRmsResponse> {
  return api.get('/content/list-rms', { schema: listRmsResponseSchema, signal });
}

export function useRms() {
  return useQuery({
    queryKey: manageCustomersKeys.rms(),
    queryFn: ({ signal }) => listRms(signal),
    staleTime: 0,
  });
}
