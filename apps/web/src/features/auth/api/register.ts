import { TOAST_MS, type MessageBody, type RegisterRequest } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api, hasCode, isApiError } from '@/lib/api-client';

export function register(body: RegisterRequest): Promise<MessageBody | undefined> {
  return api.post<MessageBody | undefined>('/auth/register', body, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export const REGISTER_FIELDS = [
  'name',
  'email',
  'password',
  'businessName',
  'numberOfEmployees',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const REGISTER_TEXT = {
  fixErrors: 'Please fix form errors',
  successTitle: 'Registration successful',
  successFallback: 'OTP sent to your email',
  failedTitle: 'Registration failed',
  network: 'Network error. Please check your internet connection and try again.',
  noResponse: 'Server is not responding. Please try again later.',
  alreadyRegisteredUnverified:
    'Email already registered but not verified. Please verify your email to continue.',
  alreadyRegistered: 'Email already registered. Please login to your account.',
  conflict: 'This email is already registered.',
  invalidInput: 'Please check your input and try again.',
  tooManyTitle: 'Too many attempts',
  tooManyMessage: 'Please wait a moment before trying again.',
  unavailable: 'Server is currently unavailable. Please try again later.',
  generic: 'Something went wrong. Please try again.',
} as const;

/** What the register screen does with a failed call (product-rules: Error messages Register). */
export type RegisterFailure =
  | { type: 'already-registered'; verified: boolean; message: string }
  | { type: 'field-errors'; errors: Partial<Record<RegisterField, string>>; message: string }
  | {
      type: 'toast';
      kind: 'error' | 'warning';
      title: string;
      message: string;
      durationMs: number;
    };

function toastFailure(message: string): RegisterFailure {
  return {
    type: 'toast',
    kind: 'error',
    title: REGISTER_TEXT.failedTitle,
    message,
    durationMs: TOAST_MS.general,
  };
}

function fieldErrors(
  errors: { path: string; msg: string }[] | undefined,
): Partial<Record<RegisterField, string>> | null {
  if (!errors) return null;
  const mapped: Partial<Record<RegisterField, string>> = {};
  for (const { path, msg } of errors) {
    const field = REGISTER_FIELDS.find((name) => name === path);
    if (field && !mapped[field]) mapped[field] = msg;
  }
  return Object.keys(mapped).length > 0 ? mapped : null;
}

export function describeRegisterError(error: unknown): RegisterFailure {
  if (!isApiError(error)) return toastFailure(REGISTER_TEXT.generic);
  if (error.kind === 'network') return toastFailure(REGISTER_TEXT.network);
  if (error.kind === 'no-response') return toastFailure(REGISTER_TEXT.noResponse);

  const message = error.serverMessage;
  switch (error.status) {
    case 400: {
      if (hasCode(error, 'email_registered', 'email_registered_unverified')) {
        const verified = error.code === 'email_registered';
        return {
          type: 'already-registered',
          verified,
          message: verified
            ? REGISTER_TEXT.alreadyRegistered
            : REGISTER_TEXT.alreadyRegisteredUnverified,
        };
      }
      const errors = fieldErrors(error.errors);
      if (errors) return { type: 'field-errors', errors, message: REGISTER_TEXT.fixErrors };
      return toastFailure(message ?? REGISTER_TEXT.invalidInput);
    }
    case 409:
      return toastFailure(message ?? REGISTER_TEXT.conflict);
    case 422: {
      const errors = fieldErrors(error.errors);
      if (errors) return { type: 'field-errors', errors, message: REGISTER_TEXT.fixErrors };
      return toastFailure(REGISTER_TEXT.invalidInput);
    }
    case 429:
      return {
        type: 'toast',
        kind: 'warning',
        title: REGISTER_TEXT.tooManyTitle,
        message: REGISTER_TEXT.tooManyMessage,
        durationMs: TOAST_MS.tooManyAttempts,
      };
    case 500:
    case 502:
    case 503:
      return toastFailure(REGISTER_TEXT.unavailable);
    default:
      return toastFailure(message ?? REGISTER_TEXT.generic);
  }
}
