import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';

describe('404 page', () => {
  it('shows the two ways out on an unknown route', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('Go to Homepage opens the landing page', async () => {
    const { user, router } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('button', { name: 'Go to Homepage' }));
    expect(
      await screen.findByRole('link', { name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Go Back returns to the previous page', async () => {
    const { user, router } = renderApp('/no-such-page', { history: ['/login'] });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('Go Back returns to our page when a full page load brought the user here from it', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/login`);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { user } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('Go Back without history falls back to the homepage', async () => {
    const { user, router } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(
      await screen.findByRole('link', { name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
