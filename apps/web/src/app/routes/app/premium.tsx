import { UnlockPremiumPage } from '@/features/credits/components/unlock-premium-page';
import { FeatureContent } from '@/features/paid-features/components/feature-content';
import { usePageTitle } from '@/lib/page-title';

/** Unlock Premium Features (credit-gated); the unlocked content is the paid features' view. */
export default function PremiumRoute() {
  usePageTitle('Unlock Premium Features');
  return <UnlockPremiumPage renderFeatureData={(data) => <FeatureContent data={data} />} />;
}
