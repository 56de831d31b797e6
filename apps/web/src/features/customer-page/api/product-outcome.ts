import {
  productOutcomeResponseSchema,
  type ProductOutcome,
  type ProductOutcomeRequest,
  type ProductOutcomeResponse,
} from '@behavio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerPageKeys, rmAnalyticsKeys } from '@/lib/query-keys';

/** POST /content/product-outcome: offered, accepted, declined (with a reason) or undone. */
export function recordProductOutcome(body: ProductOutcomeRequest): Promise<ProductOutcomeResponse> {
  return api.post('/content/product-outcome', body, { schema: productOutcomeResponseSchema });
}

/**
 * Records an outcome (or its Undo), then reads the customer page and the RM lists again: an
 * accepted or declined product leaves the customer's recommendations, an undone one comes back.
 */
export function useRecordProductOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProductOutcome,
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerPageKeys.customer(answer.customer_id) }),
        queryClient.invalidateQueries({ queryKey: rmAnalyticsKeys.all }),
      ]),
  });
}

/** What the buttons say, and what the toast says was recorded. */
export const OUTCOME_BUTTONS: Record<ProductOutcome, string> = {
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const PRODUCT_OUTCOME_TEXT = {
  recorded: (product: string, outcome: ProductOutcome) =>
    `${product}: ${OUTCOME_BUTTONS[outcome].toLowerCase()}.`,
  undone: (product: string) => `${product}: the outcome was taken back.`,
  failedTitle: 'Could not record the outcome',
  failedFallback: 'Something went wrong. Please try again.',
} as const;
