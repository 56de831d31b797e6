import {
  TOAST_MS,
  featureDataSchema,
  type FeatureData,
  type PaidFeatureKey,
} from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, messageOr, endsSession } from '@/lib/api-client';
import { toast } from '@/lib/notify';

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
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || endsSession(error)) return;
    const message = paidErrorMessage(error);
    // Both cards failing for the same reason show one toast (same id while it is on screen).
    toast.error({
      id: `paid-features-error:${message}`,
      message,
      durationMs: TOAST_MS.paidResult,
    });
  }, [isError, error, errorUpdatedAt]);
  return query;
}

export function paidErrorMessage(error: unknown): string {
  return messageOr(error, PAID_FEATURES_TEXT.loadError);
}
