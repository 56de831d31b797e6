import { PaidFeaturesPage } from '@/features/paid-features/components/paid-features-page';
import { usePageTitle } from '@/lib/page-title';

export default function PremiumFullRoute() {
  usePageTitle('Premium');
  return <PaidFeaturesPage />;
}
