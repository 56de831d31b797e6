import type { MessageBody, VerifyRequest } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function verifyOtp(body: VerifyRequest): Promise<MessageBody | undefined> {
  return api.post<MessageBody | undefined>('/auth/verify', body, { auth: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

export const VERIFY_FAILED = {
  title: 'Verification failed',
  fallback: 'Invalid OTP. Please try again.',
};
