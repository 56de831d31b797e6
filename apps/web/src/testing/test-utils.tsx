import { STORAGE_KEYS } from '@behavio/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { reloadSessionFromStorage } from '@/lib/session';
import { queryConfig } from '@/lib/query-client';

export interface RenderAppOptions {
  /** Starts signed in with this token (stored under the 'token' key). */
  token?: string;
  /** Navigation state of the first entry, e.g. `{ email }` for /verify-otp. */
  state?: unknown;
  /** Earlier history entries, so 'Go Back' has somewhere to go. */
  history?: string[];
}

/** Renders the real app (providers and routes) at `url` in a memory router. */
export function renderApp(url: string, options: RenderAppOptions = {}) {
  if (options.token) window.localStorage.setItem(STORAGE_KEYS.token, options.token);
  reloadSessionFromStorage();

  // parsePath keeps a query string (e.g. ?paymentSuccess=true) out of the pathname.
  const entries = [...(options.history ?? []), { ...parsePath(url), state: options.state }];
  const router = createMemoryRouter(createAppRoutes({ retries: 0 }), {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const queryClient = new QueryClient({
    // The app's mutation settings (networkMode included), without retries.
    defaultOptions: { queries: { retry: false }, mutations: queryConfig.mutations },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProvider env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}

/** The notification region Mantine renders toasts into. */
export async function findToast(text: string | RegExp) {
  return screen.findByText(text, {}, { timeout: 3000 });
}

/**
 * The toast showing `title` (and `message`, when given) together; unlike `findToast`, it does not
 * mix up a toast with the same words shown on the page.
 */
export async function findToastWith(title: string, message?: string) {
  return waitFor(
    () => {
      const toast = screen
        .getAllByRole('alert')
        .find(
          (element) =>
            element.classList.contains('mantine-Notification-root') &&
            element.textContent?.includes(title) &&
            (message === undefined || element.textContent.includes(message)),
        );
      if (!toast) throw new Error(`No toast "${title}"${message ? ` with "${message}"` : ''}`);
      return toast;
    },
    { timeout: 3000 },
  );
}
