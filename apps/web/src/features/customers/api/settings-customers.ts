import {
  SETTINGS_CUSTOMERS_FETCHED,
  listCustomersResponseSchema,
  type ListCustomersResponse,
} from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { api, messageOr } from '@/lib/api-client';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';

export const CUSTOMER_LIST_TEXT = {
  fetchError: 'Error fetching customers',
  fallback: 'Something went wrong',
  empty: 'No customers found.',
} as const;

export const settingsCustomersQueryKey = ['customers', 'settings-list'] as const;

/** GET /content/list-customers?page=1&page_size=10 (product-rules: API calls: the settings list). */
export function getSettingsCustomers(signal?: AbortSignal): Promise<ListCustomersResponse> {
  return api.get('/content/list-customers', {
    query: { page: 1, page_size: SETTINGS_CUSTOMERS_FETCHED },
    schema: listCustomersResponseSchema,
    signal,
  });
}

export function useSettingsCustomers() {
  const query = useQuery({
    queryKey: settingsCustomersQueryKey,
    queryFn: ({ signal }) => getSettingsCustomers(signal),
    // Assignments and uploads happen on other pages: read the list on each visit.
    staleTime: 0,
  });
  useQueryErrorToast(query, {
    id: 'settings-customers',
    title: CUSTOMER_LIST_TEXT.fetchError,
    message: (error) => messageOr(error, CUSTOMER_LIST_TEXT.fallback),
  });
  return query;
}
