import {
  changePasswordResponseSchema,
  messageSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@behavio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from '@/lib/query-keys';
import { renewToken } from '@/lib/session';

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return api.post('/auth/forgot-password', body, { auth: false, schema: messageSchema });
}

export function resetPassword(body: ResetPasswordRequest) {
  return api.post('/auth/reset-password', body, { auth: false, schema: messageSchema });
}

/** The server ends every other session and answers this one's new token, kept from now on. */
export async function changePassword(body: ChangePasswordRequest) {
  const answer = await api.post('/auth/change-password', body, {
    schema: changePasswordResponseSchema,
  });
  renewToken(answer.token);
  return answer;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
/** The admin's change revokes the firm's API keys (the message names them): the list reloads. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer.revokedApiKeys.length > 0)
        void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}

/** What the forgot-password screen passes on to the reset screen. */
export interface ResetNavigationState {
  email?: string;
  adminEmail?: string;
}

export function readResetState(state: unknown): { email: string; adminEmail: string } {
  const value = (state && typeof state === 'object' ? state : {}) as ResetNavigationState;
  return {
    email: typeof value.email === 'string' ? value.email : '',
    adminEmail: typeof value.adminEmail === 'string' ? value.adminEmail : '',
  };
}
