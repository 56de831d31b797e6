import { useParams } from 'react-router';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { RequireAuth } from '@/lib/session-guards';
import { usePageTitle } from '@/lib/page-title';

/** The offline checkout: signed in (guarded), but a standalone page without the shell. */
export default function CheckoutRoute() {
  usePageTitle('Checkout');
  const { sessionId = '' } = useParams();
  return (
    <RequireAuth>
      <CheckoutPage key={sessionId} sessionId={sessionId} />
    </RequireAuth>
  );
}
