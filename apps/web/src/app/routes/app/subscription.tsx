import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { usePageTitle } from '@/lib/page-title';

export default function SubscriptionRoute() {
  usePageTitle('Subscription');
  return <SubscriptionPage />;
}
