import { customerPageResponseSchema, type CustomerPageResponse } from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerPageKeys } from '@/lib/query-keys';

/** GET /content/customer/{customer_id}: the admin for any customer, an RM for their own. */
export function getCustomerPage(
  customerId: string,
  signal?: AbortSignal,
): Promise<CustomerPageResponse> {
  return api.get(`/content/customer/${encodeURIComponent(customerId)}`, {
    schema: customerPageResponseSchema,
    signal,
  });
}

export function useCustomerPage(customerId: string) {
  return useQuery({
    queryKey: customerPageKeys.customer(customerId),
    queryFn: ({ signal }) => getCustomerPage(customerId, signal),
    // Computed when asked, from the current shelf and outcomes: read it again on each visit.
    staleTime: 0,
  });
}

export const CUSTOMER_PAGE_TEXT = {
  loading: 'Loading customer',
  loadFailed: 'Failed to load the customer',
  fallback: 'Something went wrong. Please try again.',
  back: 'Back to Dashboard',
  notFoundHint:
    'This customer is not in your firm, or not in your book. It may have been removed with its file.',
} as const;
