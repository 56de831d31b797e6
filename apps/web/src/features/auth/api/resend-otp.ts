import { TOAST_MS, type MessageBody, type ResendOtpRequest } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api, messageOr, hasCode } from '@/lib/api-client';
import { toast } from '@/lib/notify';

export function resendOtp(body: ResendOtpRequest): Promise<MessageBody | undefined> {
  return api.post<MessageBody | undefined>('/auth/resend-otp', body, { auth: false });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}

/** Toasts of product-rules: Error messages for a resend; shared by the verify screen and register's resend path. */
export function toastResendSuccess(answer: MessageBody | undefined): void {
  toast.success({
    title: 'OTP Resent',
    message: answer?.message || 'Check your inbox for the code.',
  });
}

export function toastResendError(error: unknown): void {
  const message = messageOr(error, 'Failed to resend OTP. Please try again.');
  // A 429 means a code went out less than a minute ago: a warning, not a failure of the app.
  if (hasCode(error, 'resend_too_soon', 'too_many_requests')) {
    toast.warning({ title: 'Resend failed', message, durationMs: TOAST_MS.tooManyAttempts });
    return;
  }
  toast.error({ title: 'Resend failed', message });
}
