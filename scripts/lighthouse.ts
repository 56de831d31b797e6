// Lighthouse on the landing page of the built app (`npm run build` first), as a phone sees it:
// `npm run lighthouse` starts the built server on embedded PGlite, or `-- --url URL` audits a
// running one. Prints the accessibility and performance scores and the LCP; exits 1 when
// accessibility is below 100 (issue 22's bar). Debian's Chromium, as the browser journeys use.
//
// Lighthouse runs through npx at a pinned version rather than as a dev dependency: its tree pins
// one of its own dependencies to the registry's "latest" tag, so a lock file holding it goes out
// of date (and `npm ci` fails) whenever that package publishes.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startServer } from '../e2e/support/server.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
}
interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
}

const { values } = parseArgs({
  options: { url: { type: 'string' }, desktop: { type: 'boolean', default: false } },
});
const server = values.url ? null : await startServer();
const url = values.url ?? `${server!.url}/`;
try {
  const output = execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --no-first-run',
      '--only-categories=accessibility,performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      ...(values.desktop ? ['--preset=desktop'] : []),
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const { categories, audits } = JSON.parse(output.toString()) as Report;
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
  await server?.stop();
}
