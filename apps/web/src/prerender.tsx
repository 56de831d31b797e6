import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LandingRoute from './app/routes/landing';
import { cssVariablesResolver, theme } from './config/theme';

/**
 * The landing page as HTML, rendered at build time (vite.config.ts writes it into
 * dist/landing.html, which the server answers for `/`). A phone then paints the page, hero
 * included, as soon as the HTML and its 7 KB of CSS arrive, instead of after the app's
 * JavaScript has loaded and run; the app then renders the same page over it (docs/benchmarks.md,
 * landing page). Signed out, as a first visit is: a signed-in visitor is sent on to /dashboard
 * once the app runs.
 */
export function renderLanding(): string {
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <MemoryRouter>
        <LandingRoute />
      </MemoryRouter>
    </MantineProvider>,
  );
}
