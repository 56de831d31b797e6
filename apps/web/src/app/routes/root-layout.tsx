import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '@/components/ui/navigation-progress/navigation-progress';

/** Wraps every page: a progress bar while a code-split page loads, and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
