import { existsSync, readFileSync, statSync } from 'node:fs';
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
 * index.html with the product name, re-read when the file changes, so a web build deployed
 * while the server runs is picked up without a restart.
 */
function indexPage(indexFile: string, appName: string) {
  let cached: { mtimeMs: number; html: string } | undefined;
  return (): string | undefined => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8')
        .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${escapeAttr(appName)}$2`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(appName)}</title>`);
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

/**
 * Serves the built web app: files as they are, and index.html (with the product name) for
 * every other non-API GET or HEAD, so deep links and reloads work. Unknown API paths answer JSON 404,
 * and so does a missing file (a path with an extension), never the page in its place.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { webDistDir: string; appName: string },
) {
  const page = indexPage(path.join(options.webDistDir, 'index.html'), options.appName);
  if (existsSync(options.webDistDir)) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The web build writes .br and .gz copies of its assets (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn(
      { webDistDir: options.webDistDir },
      'the web app is not built: run `npm run build`',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // HEAD answers as GET does (without the body, which Node leaves out): monitors and link
    // checkers ask for the page with HEAD.
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPageRequest || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send({ message: MESSAGES.notFound, code: 'not_found' });
    }
    const html = page();
    if (!html)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
