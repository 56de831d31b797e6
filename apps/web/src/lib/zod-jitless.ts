/**
 * What `zod` means in the web build (vite.config.ts aliases it here): zod, with jitless parsing
 * switched on before any schema exists. The server's Content-Security-Policy allows no eval
 * (script-src 'self'), and zod probes for it with `new Function` as it builds object schemas, a
 * probe the browser reports as a violation even though zod catches the error. The contract's
 * schemas are built when its chunk loads, before the app's own code runs, so the switch has to
 * sit in the module every importer of zod goes through. `zod/v4` is the same zod (one global
 * configuration), under a name the alias leaves alone.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
