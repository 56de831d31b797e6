import {
  TOAST_MS,
  featureDataSchema,
  type FeatureData,
  type PaidFeatureKey,
} from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { api, messageOr } from '@/lib/api-client';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';

/** product-rules: Screens "Paid features screen" and §8 "Credits and paid features". */
export const PAID_FEATURES_TEXT = {
  subtitle: 'You have full access to all premium features.',
  loading: 'Loading data...',
  loadError: 'Failed to load paid features. Please try again.',
} as const;

export const paidFeatureQueryKey = (key: PaidFeatureKey) => ['paid-features', key] as const;

/** GET /paid/{paidRoute1|paidRoute2}: pro or business only (free: 403). */
export function getPaidFeature(key: PaidFeatureKey, signal?: AbortSignal): Promise<FeatureData> {
  return api.get(`/paid/${key}`, { schema: featureDataSchema, signal });
}

/** One paid feature; the page mounts one per card, so both calls run in parallel. */
export function usePaidFeature(key: PaidFeatureKey, enabled: boolean) {
  const query = useQuery({
    queryKey: paidFeatureQueryKey(key),
    queryFn: ({ signal }) => getPaidFeature(key, signal),
    enabled,
  });
  const reason = query.isError ? paidErrorMessage(query.error) : '';
  useQueryErrorToast(query, {
    id: `paid-features-${key}`,
    message: reason,
    durationMs: TOAST_MS.paidResult,
    // Both cards failing for the same reason show one toast.
    toastId: `paid-features-error:${reason}`,
  });
  return query;
}

export function paidErrorMessage(error: unknown): string {
  return messageOr(error, PAID_FEATURES_TEXT.loadError);
}
