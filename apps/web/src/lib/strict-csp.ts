import { z } from 'zod';

/**
 * The server's Content-Security-Policy allows no eval (script-src 'self'). Zod would probe for
 * it with `new Function` to compile faster parsers, and the browser reports that probe as a
 * violation even though zod catches the error; jitless parsing never probes. Imported first
 * in main.tsx, before any schema is used.
 */
z.config({ jitless: true });
