import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { APP_NAME_SLOT, MESSAGES } from '@behavio/contract';
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
 * A page of the build (index.html, landing.html) with the product name, re-read when the file
 * changes, so a web build deployed while the server runs is picked up without a restart.
 */
function htmlPage(indexFile: string, appName: string) {
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
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(appName)}</title>`)
        // The landing page rendered at build time leaves a slot for the name in its text.
        .replaceAll(APP_NAME_SLOT, escapeAttr(appName));
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

/**
 * A brotli copy of a page, made once per version of it: the landing page is 70 KB of markup
 * (about 12 KB compressed) on the way to a phone's first paint.
 */
function brotliOnce(): (html: string) => Buffer {
  let last: { html: string; body: Buffer } | undefined;
  return (html) => {
    if (last?.html !== html) {
      const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 };
      last = { html, body: brotliCompressSync(html, { params }) };
    }
    return last.body;
  };
}

/**
 * Serves the built web app: files as they are, landing.html for `/`, and index.html (with the
 * product name) for every other non-API GET or HEAD, so deep links and reloads work. Unknown API paths answer JSON 404,
 * and so does a missing file (a path with an extension), never the page in its place.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { webDistDir: string; appName: string },
) {
  const page = htmlPage(path.join(options.webDistDir, 'index.html'), options.appName);
  // `/` with the landing page already in it (apps/web/prerender-landing.ts), painted before the
  // app's JavaScript runs; index.html when a build has none.
  const landing = htmlPage(path.join(options.webDistDir, 'landing.html'), options.appName);
  const landingBrotli = brotliOnce();
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
    const landingHtml = pathname === '/' ? landing() : undefined;
    const html = landingHtml ?? page();
    if (!html)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    void reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (landingHtml && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'br').send(landingBrotli(landingHtml));
    return reply.send(html);
  });
}
