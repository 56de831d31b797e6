import { PublicLayout } from '@/components/layouts/public-layout';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LANDING_LINKS, LandingPage } from '@/features/landing/components/landing-page';
import { RedirectIfSignedIn } from '@/lib/session-guards';
import { usePageTitle } from '@/lib/page-title';

export default function LandingRoute() {
  usePageTitle();
  return (
    <RedirectIfSignedIn>
      <PublicLayout links={LANDING_LINKS} footer={<LandingFooter />}>
        <LandingPage />
      </PublicLayout>
    </RedirectIfSignedIn>
  );
}
