import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { ProofSection } from './proof-section';
import { TrustedSection } from './trusted-section';
import { WhySection } from './why-section';

/** In-page links for the header; the sections carry these ids. */
export const LANDING_LINKS = [
  { label: 'Why us', href: '#why' },
  { label: 'How it works', href: '#how-it-works' },
  { label: 'Demos', href: '#proof' },
];

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <WhySection />
      <HowItWorksSection />
      <ProofSection />
      <TrustedSection />
    </>
  );
}
