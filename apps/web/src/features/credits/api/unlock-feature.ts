import {
  CREDIT_MESSAGES,
  unlockResponseSchema,
  type CreditFeatureKey,
  type UnlockResponse,
} from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api, hasCode, isApiError, messageOr } from '@/lib/api-client';
import { useRefreshUser, useUpdateCachedUser } from '@/lib/auth';
import { unlockFeature } from '@/lib/session';

/** Every user-facing string of product-rules: Screens "Unlock Premium Features" and §8, verbatim. */
export const CREDITS_TEXT = {
  learnHow: 'Learn How Credits Work',
  gotIt: 'Got it',
  unlock: 'Unlock Feature',
  confirmUnlock: 'Confirm Unlock',
  unlocking: 'Unlocking...',
  unlocked: 'Feature Unlocked!',
  featureData: 'Feature Data',
  noCreditsTitle: 'No Credits Left',
  noCreditsMessage: 'You have run out of credits. Please subscribe to continue.',
  notEnoughCredits: CREDIT_MESSAGES.notEnoughCredits,
  unlockFallback: 'Failed to unlock feature. Not enough credits.',
  errorTitle: 'Error',
} as const;

/**
 * GET /free/{freeRoute1|freeRoute2}. It debits the credits: call it only from the mutation
 * below (never prefetched, never retried).
 */
export function requestUnlock(key: CreditFeatureKey): Promise<UnlockResponse> {
  return api.get(`/free/${key}`, { schema: unlockResponseSchema });
}

/** The balance a 421 answer carries, when it does. */
function remainingCreditsOf(error: unknown): number | null {
  if (!isApiError(error) || !hasCode(error, 'not_enough_credits')) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'remainingCredits' in body) {
    const value = (body as { remainingCredits: unknown }).remainingCredits;
    if (typeof value === 'number') return value;
  }
  return null;
}

/**
 * Unlocks a credit-gated feature (product-rules: States and transitions "Feature unlock"): on success the unlock and its data
 * go to the session store, the user's credits become remainingCredits at once, and check-user
 * is read again.
 */
export function useUnlockFeature() {
  const updateCachedUser = useUpdateCachedUser();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: requestUnlock,
    retry: false,
    onSuccess: (response, key) => {
      unlockFeature(key, response.data);
      updateCachedUser({ credits: response.remainingCredits });
      void refreshUser();
    },
    onError: (error) => {
      const remaining = remainingCreditsOf(error);
      if (remaining !== null) updateCachedUser({ credits: remaining });
    },
  });
}

/** product-rules: Token statuses: 421 → 'Not enough credits…'; otherwise the server message or the fallback. */
export function unlockErrorMessage(error: unknown): string {
  if (hasCode(error, 'not_enough_credits')) {
    return CREDITS_TEXT.notEnoughCredits;
  }
  return messageOr(error, CREDITS_TEXT.unlockFallback);
}
