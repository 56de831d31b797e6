import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteErrorScreen } from '@/components/errors/route-error-screen';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { paths } from '@/config/paths';
import { lazyRoute, type ImportRetryOptions } from '@/lib/lazy-route';
import LandingRoute from './routes/landing';
import { RootLayout } from './routes/root-layout';

/**
 * Every route of product-rules: Screens. Pages are code-split: each `lazy` import is retried with back-off and
 * bounded by CHUNK_LOAD_TIMEOUT_MS; a final failure shows RouteErrorScreen with a reload button.
 */
export function createAppRoutes(retry?: ImportRetryOptions): RouteObject[] {
  // The landing page comes with the styles main.tsx loads; every other page with all of them.
  const page = (importer: Parameters<typeof lazyRoute>[0]) =>
    lazyRoute(
      () => Promise.all([import('./all-styles'), importer()]).then(([, route]) => route),
      retry,
    );
  return [
    {
      id: 'root',
      path: paths.home,
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: LoadingScreen,
      children: [
        // In the entry rather than a chunk of its own: most first visits land here, and a chunk
        // requested only once the entry has run would hold a phone's first paint back by a round
        // trip (docs/benchmarks.md, landing page).
        { index: true, Component: LandingRoute },
        { path: paths.login, lazy: page(() => import('./routes/auth/login')) },
        { path: paths.register, lazy: page(() => import('./routes/auth/register')) },
        { path: paths.verifyOtp, lazy: page(() => import('./routes/auth/verify-otp')) },
        { path: paths.forgotPassword, lazy: page(() => import('./routes/auth/forgot-password')) },
        { path: paths.resetPassword, lazy: page(() => import('./routes/auth/reset-password')) },
        {
          // The signed-in area: guard, user loading and the navigation shell.
          id: 'app',
          lazy: page(() => import('./routes/app/root')),
          children: [
            { path: paths.dashboard, lazy: page(() => import('./routes/app/dashboard')) },
            { path: paths.datasets, lazy: page(() => import('./routes/app/datasets')) },
            { path: paths.settings, lazy: page(() => import('./routes/app/settings')) },
            {
              path: paths.manageCustomers,
              lazy: page(() => import('./routes/app/manage-customers')),
            },
            { path: paths.products, lazy: page(() => import('./routes/app/products')) },
            { path: paths.apiKeys, lazy: page(() => import('./routes/app/api-keys')) },
            { path: paths.subscription, lazy: page(() => import('./routes/app/subscription')) },
            { path: paths.premium, lazy: page(() => import('./routes/app/premium')) },
            { path: paths.premiumFull, lazy: page(() => import('./routes/app/premium-full')) },
            { path: paths.customer, lazy: page(() => import('./routes/app/customer')) },
            { path: paths.alerts, lazy: page(() => import('./routes/app/alerts')) },
          ],
        },
        // Signed in, but a standalone payment page without the navigation shell.
        { path: paths.checkout, lazy: page(() => import('./routes/checkout')) },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
