import {
  callOutcomeResponseSchema,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
} from '@behavio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerPageKeys, rmAnalyticsKeys } from '@/lib/query-keys';

/** POST /content/rm-call-outcome: called, snoozed until a date, or dismissed with a reason. */
export function recordCallOutcome(body: CallOutcomeRequest): Promise<CallOutcomeResponse> {
  return api.post('/content/rm-call-outcome', body, { schema: callOutcomeResponseSchema });
}

/**
 * Refetches every RM list and the customer's page after an outcome: the customer leaves today's
 * list and carries the new badge everywhere else (docs/product-rules.md, "One call state on
 * every screen").
 */
function useOutcomeRecorded() {
  const queryClient = useQueryClient();
  return (answer: CallOutcomeResponse) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rmAnalyticsKeys.all }),
      queryClient.invalidateQueries({ queryKey: customerPageKeys.customer(answer.customer_id) }),
    ]);
}

/** Records an outcome, then refetches the lists. */
export function useRecordCallOutcome() {
  const onSuccess = useOutcomeRecorded();
  return useMutation({ mutationFn: recordCallOutcome, onSuccess });
}

/** Takes back the RM's last outcome for a customer (Undo): it is recorded as 'reopened'. */
export function useReopenCustomer() {
  const onSuccess = useOutcomeRecorded();
  return useMutation({
    mutationFn: (customerId: string) =>
      recordCallOutcome({ customer_id: customerId, outcome: 'reopened' }),
    onSuccess,
  });
}

export const CALL_OUTCOME_TEXT = {
  failedTitle: 'Could not record the outcome',
  failedFallback: 'Something went wrong. Please try again.',
  called: (id: string) => `Customer ${id} marked as called.`,
  snoozed: (id: string, until: string) => `Customer ${id} snoozed until ${until}.`,
  dismissed: (id: string) => `Customer ${id} dismissed from the call list.`,
  reopened: (id: string) => `Customer ${id} is back on the call list.`,
} as const;
