import { useCallback, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { clearSession, getToken, useToken } from './session';

/*
 * Signing out and the two route guards: they need the token only, never the user, so the
 * landing page (which uses them) loads neither the user's schema nor zod (lib/auth.tsx has
 * those; docs/benchmarks.md, landing page).
 */

/**
 * Logout of product-rules: States and transitions: clears the token (memory and storage), the user, every feature unlock and
 * the cached feature data, then goes to /. The server is told too, so the token stops working
 * everywhere (a copy of it included); the browser does not wait for that answer, and signs out
 * even when the call fails.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (getToken()) void api.post('/auth/logout', {}).catch(() => undefined);
    clearSession();
    void navigate(paths.home, { replace: true });
  }, [navigate]);
}

/** Guard for the signed-in routes: without a token the visitor is sent to / (product-rules: Screens). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  if (!token) return <Navigate to={paths.home} replace />;
  return children;
}

/** For the landing page: a signed-in visitor goes straight to /dashboard (product-rules: Screens). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useToken();
  if (token) return <Navigate to={paths.dashboard} replace />;
  return children;
}
