import { MESSAGES } from '@behavio/contract';
import { messageOr, hasCode } from '@/lib/api-client';

/** product-rules: Error messages "RM screens": the message each screen shows when its list fails. */
export const RM_LIST_ERRORS = {
  ownBook: 'Failed to fetch customer book',
  whoToCall: 'Failed to fetch call recommendations',
  priorityScores: 'Failed to fetch priority scores',
  riskRanking: 'Failed to fetch risk ranking',
  segments: 'Failed to fetch customer segments',
} as const;

/** The title of the error alert of every RM screen. */
export const ERROR_ALERT_TITLE = 'Error!';

/**
 * The text of a failed list. The own book shows the server message or its fallback (product-rules: Error messages);
 * the other screens show their fixed message, except for the free-plan refusal, which names
 * what to do ('Purchase Subscription to access this page', e.g. after the firm's plan lapsed).
 */
export function describeListError(
  error: unknown,
  fallback: string,
  { serverMessage = false }: { serverMessage?: boolean } = {},
): string {
  if (serverMessage) return messageOr(error, fallback);
  if (hasCode(error, 'subscription_required'))
    return messageOr(error, MESSAGES.purchaseSubscription);
  return fallback;
}
