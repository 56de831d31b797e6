import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@behavio/contract';
import type { FastifyInstance } from 'fastify';

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** apps/server/{src,dist}/plugins → apps/web/dist, the same relative place from source and bundle. */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../web/dist'),
    path.resolve(here, '../../web/dist'),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
}

/**
 * Serves the built web app: files as they are, and index.html (with the product name) for
 * every other non-API GET, so deep links and reloads work. Unknown API paths answer JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { webDistDir: string; appName: string },
) {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built
    ? readFileSync(indexFile, 'utf8')
        .replace(
          /(<meta name="application-name" content=")[^"]*(")/,
          `$1${escapeAttr(options.appName)}$2`,
        )
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(options.appName)}</title>`)
    : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn(
      { webDistDir: options.webDistDir },
      'the web app is not built: run `npm run build`',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    if (!indexHtml)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
