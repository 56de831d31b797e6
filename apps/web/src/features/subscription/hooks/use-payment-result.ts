import { PAYMENT_REDIRECT_DELAY_MS } from '@behavio/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { browserLocation } from '../utils/browser';

/** The toasts for the flags the payment provider sends the browser back with. */
export const PAYMENT_RESULT_TEXT = {
  successTitle: 'Payment successful',
  successMessage: 'Thank you! Your subscription is active.',
  cancelledTitle: 'Payment cancelled',
  cancelledMessage: 'The payment was not completed and no money was taken.',
  declinedTitle: 'Payment declined',
  declinedMessage: 'Your card was declined and no money was taken. Please try another card.',
} as const;

export type PaymentResult = 'success' | 'cancelled' | 'declined' | null;

/** A declined card comes back with the spec's cancelled flag plus paymentDeclined=true. */
export function readPaymentResult(params: URLSearchParams): PaymentResult {
  if (params.get('paymentSuccess') === 'true') return 'success';
  if (params.get('paymentCancelled') === 'true')
    return params.get('paymentDeclined') === 'true' ? 'declined' : 'cancelled';
  return null;
}

const RESULT_TOASTS = {
  success: () =>
    toast.success({
      id: 'payment-result',
      title: PAYMENT_RESULT_TEXT.successTitle,
      message: PAYMENT_RESULT_TEXT.successMessage,
    }),
  cancelled: () =>
    toast.warning({
      id: 'payment-result',
      title: PAYMENT_RESULT_TEXT.cancelledTitle,
      message: PAYMENT_RESULT_TEXT.cancelledMessage,
    }),
  declined: () =>
    toast.error({
      id: 'payment-result',
      title: PAYMENT_RESULT_TEXT.declinedTitle,
      message: PAYMENT_RESULT_TEXT.declinedMessage,
    }),
} satisfies Record<NonNullable<PaymentResult>, () => void>;

/**
 * product-rules: Screens: ?paymentSuccess=true or ?paymentCancelled=true each show a toast, then /subscription
 * reloads after PAYMENT_REDIRECT_DELAY_MS (1100 ms), without the flag, so the user and the
 * status are read afresh. Returns the flag, so the page can say it is refreshing.
 */
export function usePaymentResult(): PaymentResult {
  const [params] = useSearchParams();
  const result = readPaymentResult(params);
  const toasted = useRef(false);

  useEffect(() => {
    if (!result) return;
    if (!toasted.current) {
      toasted.current = true;
      RESULT_TOASTS[result]();
    }
    const timer = setTimeout(
      () => browserLocation.replace(paths.subscription),
      PAYMENT_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [result]);

  return result;
}
