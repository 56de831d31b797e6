// Lighthouse on the landing page of the built app (`npm run build` first), as a phone sees it:
// `npm run lighthouse` starts the built server on embedded PGlite, or `-- --url URL` audits a
// running one. Prints the accessibility and performance scores and the LCP; exits 1 when
// accessibility is below 100 (issue 22's bar). Debian's Chromium, as the browser journeys use.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from 'node:util';
import { startServer } from '../e2e/support/server.js';

const { values } = parseArgs({
  options: { url: { type: 'string' }, desktop: { type: 'boolean', default: false } },
});
const server = values.url ? null : await startServer();
const url = values.url ?? `${server!.url}/`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', onlyCategories: ['accessibility', 'performance'] },
    values.desktop ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  console.log(`${url} (${values.desktop ? 'desktop' : 'mobile'})`);
  console.log(`accessibility ${score('accessibility')}`);
  console.log(`performance   ${score('performance')}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'])
    console.log(`${audits[id]?.title}: ${audits[id]?.displayValue}`);
  for (const audit of Object.values(audits))
    if (
      audit.score !== null &&
      audit.score < 1 &&
      categories.accessibility?.auditRefs.some((r) => r.id === audit.id)
    )
      console.log(`  accessibility: ${audit.id} (${audit.title})`);
  process.exitCode = score('accessibility') < 100 ? 1 : 0;
} finally {
  chrome.kill();
  await server?.stop();
}
