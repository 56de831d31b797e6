import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { RouteErrorScreen } from '@/components/errors/route-error-screen';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { lazyRoute } from '@/lib/lazy-route';

describe('A page chunk that cannot be loaded', () => {
  it('shows an error screen with a reload button', async () => {
    const failing = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    );
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorScreen,
          HydrateFallback: LoadingScreen,
          children: [{ index: true, lazy: lazyRoute(failing, { retries: 1, baseDelayMs: 0 }) }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProvider env="test" queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
