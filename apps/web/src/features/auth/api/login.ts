import type { LoginOthersRequest, LoginRequest, Role } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, messageOr, hasCode } from '@/lib/api-client';

export interface LoginInput {
  role: Role;
  email: string;
  password: string;
  adminEmail: string;
}

/** The answer is read loosely: product-rules: Error messages handles a 200 without a token as a failed login. */
export interface LoginAnswer {
  token?: string;
  message?: string;
}

/** Admins sign in with /auth/login, every other role with /auth/login-others (product-rules: Roles and permissions). */
export function login(input: LoginInput): Promise<LoginAnswer | undefined> {
  if (input.role === 'admin') {
    const body: LoginRequest = { email: input.email, password: input.password };
    return api.post<LoginAnswer | undefined>('/auth/login', body, { auth: false });
  }
  const body: LoginOthersRequest = {
    role: input.role,
    email: input.email,
    password: input.password,
    adminEmail: input.adminEmail,
  };
  return api.post<LoginAnswer | undefined>('/auth/login-others', body, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export const LOGIN_FAILED_TITLE = 'Login failed';

/** product-rules: Error messages Login: a 200 without a token. */
export function describeMissingToken(answer: LoginAnswer | undefined): string {
  return answer?.message || 'Invalid credentials';
}

/** product-rules: Error messages Login: a server error shows its message; no response shows the connection text. */
export function describeLoginError(error: unknown): string {
  if (isApiError(error) && error.kind !== 'http') {
    return 'Unable to connect to server. Please check your connection.';
  }
  return messageOr(error, 'Something went wrong. Please try again.');
}

/** The email is registered but not verified yet. */
export function isUnverifiedLogin(error: unknown): boolean {
  return hasCode(error, 'email_not_verified');
}
