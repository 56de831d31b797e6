import {
  BILLING_MESSAGES,
  MESSAGES,
  createSubscriptionResponseSchema,
  plansResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionStatusSchema,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type PlansResponse,
  type SubscriptionChangeResponse,
  type SubscriptionStatus,
  type UpdateSubscriptionRequest,
} from '@behavio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshUser } from '@/lib/auth';

/** Every user-facing string of product-rules: Screens "Subscription", §5 and §8, verbatim. */
export const SUBSCRIPTION_TEXT = {
  choosePlan: 'Choose Your Plan',
  preferred: 'Preferred',
  currentPlan: 'Current Plan',
  alreadySubscribed: BILLING_MESSAGES.alreadySubscribed,
  failedToProcess: BILLING_MESSAGES.failedToProcess,
  cancelConfirm: 'You will lose access to premium features',
  cancelFailed: 'Cancellation failed',
  cancelFallback: 'An error occurred',
  pastDue: BILLING_MESSAGES.paymentFailed,
  contactAdmin: MESSAGES.contactAdmin,
} as const;

export const subscriptionQueryKeys = {
  plans: ['subscription', 'plans'] as const,
  status: ['subscription', 'status'] as const,
};

/** GET /subscription/plans: prices come from the server, never from the web (product-rules: Constants). */
export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get('/subscription/plans', { schema: plansResponseSchema, signal });
}

/** GET /subscription/subscription-status: readable by every employee. */
export function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return api.get('/subscription/subscription-status', {
    schema: subscriptionStatusSchema,
    signal,
  });
}

/** POST /subscription/create {plan, billingCycle} → {url} of the checkout page. */
export function createSubscription(
  body: CreateSubscriptionRequest,
): Promise<CreateSubscriptionResponse> {
  return api.post('/subscription/create', body, { schema: createSubscriptionResponseSchema });
}

/** POST /subscription/update {newPlan, newBillingCycle}. */
export function updateSubscription(
  body: UpdateSubscriptionRequest,
): Promise<SubscriptionChangeResponse> {
  return api.post('/subscription/update', body, { schema: subscriptionChangeResponseSchema });
}

/** POST /subscription/cancel with an empty body. */
export function cancelSubscription(): Promise<SubscriptionChangeResponse> {
  return api.post('/subscription/cancel', undefined, { schema: subscriptionChangeResponseSchema });
}

export function usePlans({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionQueryKeys.plans,
    enabled,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 10 * 60_000,
  });
}

export function useSubscriptionStatus() {
  return useQuery({
    queryKey: subscriptionQueryKeys.status,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    // The status changes from outside the app (payments, renewals): read it on every visit.
    staleTime: 0,
  });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

/**
 * Update and cancel answer the new status: it replaces the cached one, and the user is re-read
 * from check-user because the firm's plan (user.subscription) may have changed with it.
 */
function useChangeMutation<TInput>(
  mutationFn: (input: TInput) => Promise<SubscriptionChangeResponse>,
) {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn,
    onSuccess: (response) => {
      queryClient.setQueryData(subscriptionQueryKeys.status, response.subscription);
      void refreshUser();
    },
  });
}

export function useUpdateSubscription() {
  return useChangeMutation(updateSubscription);
}

export function useCancelSubscription() {
  return useChangeMutation(cancelSubscription);
}

/** A 420 ends the session by itself (api client): no toast for it. */
