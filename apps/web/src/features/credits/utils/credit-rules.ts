import { NO_CREDITS_THRESHOLD, UNLOCK_COST } from '@behavio/contract';

/** product-rules: Validation rules: unlocking is blocked when credits are absent or 5 or fewer. */
export function hasNoCredits(credits: number | null | undefined): boolean {
  return typeof credits !== 'number' || credits <= NO_CREDITS_THRESHOLD;
}

/** product-rules: Validation rules/§9: Confirm Unlock is enabled at 10 or more credits. */
export function canAffordUnlock(credits: number | null | undefined): boolean {
  return typeof credits === 'number' && credits >= UNLOCK_COST;
}

export const creditsLabel = (credits: number) =>
  `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`;
