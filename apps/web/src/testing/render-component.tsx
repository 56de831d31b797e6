import { STORAGE_KEYS, type User } from '@behavio/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { userQueryKey } from '@/lib/auth';
import { reloadSessionFromStorage } from '@/lib/session';
import { TEST_TOKEN } from './data';

export interface RenderComponentOptions {
  /** The signed-in user, put straight into the query cache (no check-user call). */
  user?: User;
  /** Signed in with this token unless null. */
  token?: string | null;
  /** The address the component opens at, e.g. `/?sort=age` (default `/`). */
  initialEntry?: string;
}

/** Where a link or a navigate() went: every other path renders this. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">Navigated to {pathname}</p>;
}

/**
 * Renders one component with the app's providers (Mantine in test mode, TanStack Query, modals,
 * toasts) at / in a memory router, for components a route file mounts elsewhere. Links and
 * navigations land on a probe: `await findNavigation('/subscription')`.
 */
export function renderComponent(ui: ReactNode, options: RenderComponentOptions = {}) {
  const token = options.token === undefined ? TEST_TOKEN : options.token;
  if (token) window.localStorage.setItem(STORAGE_KEYS.token, token);
  reloadSessionFromStorage();

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (options.user) queryClient.setQueryData(userQueryKey, options.user);
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [options.initialEntry ?? '/'] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}

/** Waits until a link or navigation has taken the test to `pathname`. */
export async function findNavigation(pathname: string) {
  return screen.findByText(`Navigated to ${pathname}`);
}

/**
 * The toast whose text includes `title` (Mantine notifications, not the in-page alerts that may
 * repeat the same words). Returns the notification element, to look inside it.
 */
export async function findNotification(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const match = [...document.querySelectorAll<HTMLElement>('.mantine-Notification-root')].find(
        (element) => element.textContent?.includes(title),
      );
      if (!match) throw new Error(`No notification with "${title}"`);
      return match;
    },
    { timeout: 3000 },
  );
}
