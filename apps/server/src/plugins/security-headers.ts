import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (helmet). The Content-Security-Policy is what the built web
 * app needs and no more: its own scripts only (Vite emits no inline script), and inline styles,
 * because Mantine writes its CSS variables and a few component styles into `<style>` elements at
 * run time (the browser journeys fail on any violation, e2e/support/browser.ts). HSTS only when
 * users reach the app over https, or a plain-http install would lock browsers out of itself.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string },
) {
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The same rule for browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
