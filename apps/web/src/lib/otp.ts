import { OTP_LENGTH } from '@behavio/contract';

/** A code field keeps digits only, at most six (product-rules: Validation rules OTP). */
export function sanitizeOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
