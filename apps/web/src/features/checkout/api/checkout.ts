import {
  completeLocalCheckoutResponseSchema,
  localCheckoutSessionSchema,
  type CompleteLocalCheckoutRequest,
  type CompleteLocalCheckoutResponse,
  type LocalCheckoutSession,
} from '@behavio/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkoutQueryKey = (sessionId: string) => ['checkout', sessionId] as const;

const sessionPath = (sessionId: string) =>
  `/subscription/local-checkout/${encodeURIComponent(sessionId)}`;

/** GET /subscription/local-checkout/{session_id}: 404 for an unknown or another firm's session. */
export function getCheckoutSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<LocalCheckoutSession> {
  return api.get(sessionPath(sessionId), { schema: localCheckoutSessionSchema, signal });
}

/** POST {outcome} → {redirectUrl}; 409 once the session is completed or expired. */
export function completeCheckout(
  sessionId: string,
  body: CompleteLocalCheckoutRequest,
): Promise<CompleteLocalCheckoutResponse> {
  return api.post(sessionPath(sessionId), body, { schema: completeLocalCheckoutResponseSchema });
}

export function useCheckoutSession(sessionId: string) {
  return useQuery({
    queryKey: checkoutQueryKey(sessionId),
    queryFn: ({ signal }) => getCheckoutSession(sessionId, signal),
    staleTime: 0,
  });
}

export function useCompleteCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (outcome: CompleteLocalCheckoutRequest['outcome']) =>
      completeCheckout(sessionId, { outcome }),
  });
}
