import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { findNavigation, renderComponent } from '@/testing/render-component';
import { PremiumFeaturesLink } from '../components/premium-features-link';

describe('PremiumFeaturesLink', () => {
  it('leads a free-plan user to the unlock screen with the credit balance', async () => {
    mockApi({});
    const { user } = renderComponent(<PremiumFeaturesLink />, {
      user: buildUser({ credits: 70 }),
    });
    expect(screen.getByText('70 credits · 10 credits per feature')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Unlock Premium Features' }));
    expect(await findNavigation('/premium')).toBeInTheDocument();
  });

  it('leads a firm on pro or business to the paid screen', () => {
    mockApi({});
    renderComponent(<PremiumFeaturesLink />, { user: buildUser({ subscription: 'business' }) });
    expect(screen.getByRole('link', { name: 'Open Behavio Premium' })).toHaveAttribute(
      'href',
      '/premium/full',
    );
  });
});
