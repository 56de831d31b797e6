import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('Landing page', () => {
  it('has the header, the two calls to action and the product pitch', async () => {
    mockApi({});
    renderApp('/');
    const hero = await screen.findByRole('region', {
      name: 'Recommendations that understand your customers',
    });
    expect(within(hero).getByRole('link', { name: 'Create your free account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(hero).getByRole('link', { name: 'Log into the platform' })).toHaveAttribute(
      'href',
      '/login',
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Behavio home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    expect(screen.getByRole('heading', { name: 'Why Behavio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Adaptive intelligence' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy by design' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Measurable outcomes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByText(/read-only, encrypted access/)).toBeInTheDocument();
    expect(screen.getByText(/transparent scoring/)).toBeInTheDocument();
    expect(screen.getByText(/Proactive alerts/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Trusted by over 12,000 users' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByText('© 2025 Behavio. All rights reserved.'),
    ).toBeInTheDocument();
  });

  it('plays both demo videos from the app itself, loading nothing up front', async () => {
    mockApi({});
    const { container } = renderApp('/');
    await screen.findByRole('heading', { name: 'Proof You Can Trust' });
    const videos = Array.from(container.querySelectorAll('video'));
    expect(videos).toHaveLength(2);
    for (const video of videos) {
      expect(video).toHaveAttribute('controls');
      expect(video).toHaveAttribute('preload', 'none');
      expect(video.getAttribute('poster')).toMatch(/^\/media\//);
      expect(video.querySelector('source')?.getAttribute('src')).toMatch(/^\/media\/.+\.webm$/);
    }
    for (const img of Array.from(container.querySelectorAll('img'))) {
      expect(img.getAttribute('src')).not.toMatch(/^https?:/);
    }
  });

  it('draws the hero illustration with no request of its own, its size known before it decodes', async () => {
    mockApi({});
    renderApp('/');
    const hero = await screen.findByRole('img', {
      name: 'An analytics dashboard with customer scores and a product recommendation',
    });
    // The phone's largest paint: inlined in the page's code, not discovered after it runs.
    expect(hero.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(hero).toHaveAttribute('width', '608');
    expect(hero).toHaveAttribute('height', '480');
  });
});
