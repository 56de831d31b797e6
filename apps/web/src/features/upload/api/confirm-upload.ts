import { TOAST_MS } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { isApiError, endsSession } from '@/lib/api-client';
import { getUser, useUpdateCachedUser } from '@/lib/auth';
import { toast } from '@/lib/notify';

export const CONTINUE_TEXT = {
  verificationFailedTitle: 'Verification failed',
  verificationFailedMessage: 'Unable to verify your upload.',
  unexpectedTitle: 'Unexpected response',
  unexpectedMessage: 'Please try again later.',
} as const;

/**
 * Continue (product-rules: States and transitions Upload, step 4): reloads the user from check-user and puts the answer in the
 * user cache, so the shell leaves the upload-only view once noOfFileUploads is no longer 0.
 *
 * It reads check-user itself rather than invalidating the user query: a failed refetch would
 * put that query in its error state and the shell would swap this screen for its load-error
 * page, while product-rules: Error messages wants the Continue toasts shown over the upload screen.
 */
export function useReloadUser() {
  const updateCachedUser = useUpdateCachedUser();
  return useMutation({
    mutationFn: () => getUser(),
    onSuccess: (user) => updateCachedUser(user),
  });
}

/** product-rules: Error messages Continue: a non-200 answer, or no answer at all (2 s toasts, product-rules: Constants). */
export function toastContinueError(error: unknown): void {
  // A 420 has ended the session already; the guard takes the visitor away.
  if (endsSession(error)) return;
  if (isApiError(error) && error.kind === 'http') {
    toast.error({
      title: CONTINUE_TEXT.unexpectedTitle,
      message: CONTINUE_TEXT.unexpectedMessage,
      durationMs: TOAST_MS.continue,
    });
    return;
  }
  toast.error({
    title: CONTINUE_TEXT.verificationFailedTitle,
    message: CONTINUE_TEXT.verificationFailedMessage,
    durationMs: TOAST_MS.continue,
  });
}
