import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';

let ctx: TestContext;
let webDir: string;
const BIG_ASSET = `export const rows = [${Array.from({ length: 500 }, (_, i) => i).join(',')}];\n`;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'behavio-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><meta name="application-name" content="Behavio" /><title>Behavio</title></head><body></body></html>',
  );
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  // As the web build writes them (apps/web/precompress.ts): compressed copies beside the asset.
  writeFileSync(path.join(web, 'assets', 'big-456.js'), BIG_ASSET);
  writeFileSync(path.join(web, 'assets', 'big-456.js.br'), brotliCompressSync(BIG_ASSET));
  writeFileSync(path.join(web, 'assets', 'big-456.js.gz'), gzipSync(BIG_ASSET));
  // As apps/web/prerender-landing.ts writes it: the landing page's markup, a slot for the name.
  writeFileSync(
    path.join(web, 'landing.html'),
    '<!doctype html><html><head><meta name="application-name" content="Behavio" /><title>Behavio</title></head><body><div id="root"><h2>Why %APP_NAME%</h2><p>© 2025 %APP_NAME%.</p></div></body></html>',
  );
  webDir = web;
  ctx = await createTestContext({ WEB_DIST_DIR: web, APP_NAME: 'Acme "Insights"' });
});
afterAll(() => ctx.close());

describe('web app serving', () => {
  it('answers the app for deep links, with the configured product name', async () => {
    for (const url of ['/', '/dashboard', '/settings/manageCustomers', '/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(
        '<meta name="application-name" content="Acme &quot;Insights&quot;" />',
      );
      expect(res.body).toContain('<title>Acme &quot;Insights&quot;</title>');
    }
  });

  it('answers / with the landing page rendered at build time, the product name in its text', async () => {
    const landing = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain(
      '<div id="root"><h2>Why Acme &quot;Insights&quot;</h2><p>© 2025 Acme &quot;Insights&quot;.</p></div>',
    );
    expect(landing.body).not.toContain('%APP_NAME%');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(landing.body);
    expect(landing.headers['cache-control']).toBe('no-cache');
    // Every other page is the empty shell: the landing page must not flash before another one.
    const other = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(other.body).not.toContain('Why');
  });

  it('answers HEAD for a page as it answers GET, without the body', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await ctx.app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe('');
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, and the file itself otherwise', async () => {
    const read = (acceptEncoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/big-456.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await read('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);
    const gz = await read('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not with the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('picks up a new build of the page without a restart', async () => {
    const next =
      '<!doctype html><html><head><meta name="application-name" content="Behavio" /><title>Behavio</title></head><body>v2</body></html>';
    writeFileSync(path.join(webDir, 'index.html'), next);
    utimesSync(path.join(webDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const res = await ctx.app.inject({ method: 'GET', url: '/datasets' });
    expect(res.body).toContain('v2');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('has no metrics endpoint without METRICS_TOKEN', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer any-token-at-all-0123' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves the OpenAPI description generated from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/login-others',
        '/api/auth/verify',
        '/api/auth/resend-otp',
        '/api/auth/check-user',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/auth/register'])).toContain('numberOfEmployees');
  });

  it('names and summarises every operation, describes every response and names shared shapes', async () => {
    type Operation = {
      operationId?: string;
      summary?: string;
      security?: unknown[];
      responses: Record<string, { description?: string }>;
    };
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary).toBeTruthy();
      expect(operation.security).toBeDefined();
      for (const response of Object.values(operation.responses))
        expect(response.description).not.toMatch(/^(Default Response)?$/);
    }
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(JSON.stringify(doc.paths['/api/content/list-all-uploaded-files'])).toContain(
      '"#/components/schemas/FileList"',
    );
    expect(JSON.stringify(doc.components.schemas.FileList)).toContain(
      '"#/components/schemas/File"',
    );
    // The counts of the book summary (/api/free, /api/paid) list the keys they require.
    expect(Object.keys(doc.components.schemas.RiskLevelCounts!.properties!)).toEqual([
      'high',
      'medium',
      'low',
    ]);
    expect(Object.keys(doc.components.schemas.SegmentCounts!.properties!)).toHaveLength(5);
  });
});
