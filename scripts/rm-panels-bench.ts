// How long the five RM analytics panels take to show, at 390 px (a phone) and 1280 px, on the
// built app (`npm run build` first): `npm run bench:rm-panels`. A script, not a timed test: it
// prints its figures (docs/benchmarks.md keeps them).
//
// It starts the built server on embedded PGlite, signs up a firm, uploads a realistic book of
// `--customers` customers (2,000), buys Pro, adds `--rms` RMs (3) and shares the customers among
// them (about 667 each), then signs one RM in. Each panel is opened by URL (a fresh page load
// with the app's files cached) and timed from the navigation until it is shown: its content
// there (the first row of the list, or the totals of the two chart panels) and the main thread
// done rendering it (the end of the last long task). Each figure is the median of `--runs` loads
// (5), after one load to warm the cache. The phone is emulated as one: 3 device pixels per CSS
// pixel, touch.
//
// `--against DIR` measures a second build of the web app too (e.g. one built from main and
// copied aside), on a second server seeded alike, alternating the two load by load, so both
// columns come from one run on one machine. `--profile` writes a CPU profile of one phone load
// of each panel to /tmp (open it in Chromium's DevTools, Performance).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { adminThroughApi, api, buyPlan, uploadThroughApi } from '../e2e/support/api.js';
import { launchBrowser, VIEWPORTS } from '../e2e/support/browser.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '2000' },
    rms: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
    against: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const customers = Number(values.customers);
const rmCount = Number(values.rms);
const runs = Number(values.runs);
/** How long the page must stay without a long task after its content showed. */
const QUIET_MS = 1_000;

/** Each panel and what shows it is there: a customer id in its list, or its totals. */
const PANELS = [
  ['book', /^C-\d{6}$/],
  ['who-to-call', /^C-\d{6}$/],
  ['priority', /^C-\d{6}$/],
  ['risk', /Total Customers Ranked/],
  ['segments', /Total Segmented Customers/],
] as const;

interface Target {
  label: string;
  server: RunningServer;
  token: string;
}

/** A firm with the book shared among its RMs; answers the first RM's token. */
async function seed(server: RunningServer): Promise<string> {
  const admin = await adminThroughApi(server, 'rm-bench');
  await uploadThroughApi(server, admin.token, customers);
  for (;;) {
    const { files } = await api<{ files: { job_status: string }[] }>(
      server,
      'GET',
      '/api/content/list-all-uploaded-files',
      { token: admin.token },
    );
    if (files.every((file) => file.job_status !== 'processing')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await buyPlan(server, admin.token, 'pro', 'yearly');
  const rmIds: string[] = [];
  const rmEmails: string[] = [];
  for (let i = 0; i < rmCount; i++) {
    const email = `rm${i}.${Date.now()}@example.com`;
    const { employee } = await api<{ employee: { id: string } }>(
      server,
      'POST',
      '/api/roles/create-new-employee',
      {
        token: admin.token,
        body: { name: `Bench RM ${i + 1}`, email, password: 'bench-pass-1', role: 'rm' },
      },
    );
    rmIds.push(employee.id);
    rmEmails.push(email);
  }
  await api(server, 'POST', '/api/content/distribute-unassigned', {
    token: admin.token,
    body: { rm_ids: rmIds },
  });
  const { token } = await api<{ token: string }>(server, 'POST', '/api/auth/login-others', {
    body: { role: 'rm', email: rmEmails[0], password: 'bench-pass-1', adminEmail: admin.email },
  });
  const book = await api<{ customers: unknown[] }>(server, 'GET', '/api/content/rm-own-book', {
    token,
  });
  console.log(
    `${customers.toLocaleString('en-US')} customers, ${rmCount} RMs; the RM's book: ${book.customers.length} customers`,
  );
  return token;
}

/** A signed-in page at a viewport; the phone emulated as one. */
async function openPage(browser: Browser, target: Target, name: string): Promise<Page> {
  const viewport = VIEWPORTS[name as keyof typeof VIEWPORTS];
  const page = await browser.newPage(
    name === 'mobile'
      ? { viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
      : { viewport },
  );
  await page.addInitScript(() => {
    const ends: number[] = [];
    (window as unknown as { longTaskEnds: number[] }).longTaskEnds = ends;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) ends.push(entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(target.server.url);
  await page.evaluate((t) => localStorage.setItem('token', t), target.token);
  return page;
}

/** Milliseconds from the navigation until the panel is shown (see the top of the file). */
async function timePanel(page: Page, target: Target, panel: string, ready: RegExp) {
  await page.goto(`${target.server.url}/dashboard?panel=${panel}`);
  await page.getByText(ready).first().waitFor({ timeout: 60_000 });
  const readyAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(QUIET_MS);
  const lastLongTask = await page.evaluate(() =>
    Math.max(0, ...(window as unknown as { longTaskEnds: number[] }).longTaskEnds),
  );
  return Math.max(readyAt, lastLongTask);
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const servers: RunningServer[] = [];
const browser = await launchBrowser();
try {
  const targets: Target[] = [];
  const builds: [string, Record<string, string>][] = [['this build', {}]];
  if (values.against) builds.unshift([values.against, { WEB_DIST_DIR: values.against }]);
  for (const [label, env] of builds) {
    const server = await startServer(env);
    servers.push(server);
    targets.push({ label, server, token: await seed(server) });
  }
  console.log(
    `${new Date().toISOString()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // times[target][panel][viewport]
  const times = targets.map(() => new Map<string, Record<string, number>>());
  for (const name of Object.keys(VIEWPORTS)) {
    const pages = await Promise.all(targets.map((t) => openPage(browser, t, name)));
    for (const [i, target] of targets.entries())
      await timePanel(pages[i]!, target, 'book', PANELS[0][1]);
    for (const [panel, ready] of PANELS) {
      const samples: number[][] = targets.map(() => []);
      for (let run = 0; run < runs; run++)
        for (const [i, target] of targets.entries())
          samples[i]!.push(await timePanel(pages[i]!, target, panel, ready));
      for (const [i] of targets.entries()) {
        const row = times[i]!.get(panel) ?? {};
        row[name] = median(samples[i]!);
        times[i]!.set(panel, row);
      }
    }
    if (values.profile && name === 'mobile') {
      const page = pages.at(-1)!;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      for (const [panel, ready] of PANELS) {
        await cdp.send('Profiler.start');
        await timePanel(page, targets.at(-1)!, panel, ready);
        const { profile } = await cdp.send('Profiler.stop');
        const file = `/tmp/rm-panel-${panel}-${name}.cpuprofile`;
        writeFileSync(file, JSON.stringify(profile));
        console.log(`profile: ${file}`);
      }
    }
    for (const page of pages) await page.close();
  }

  console.log(`median of ${runs} loads each, cache warm`);
  for (const [i, target] of targets.entries()) {
    console.log(`\n${target.label}`);
    console.log('| Panel | 390 px (ms) | 1280 px (ms) | 390 / 1280 |');
    console.log('| --- | --- | --- | --- |');
    for (const [panel] of PANELS) {
      const { mobile = 0, desktop = 0 } = times[i]!.get(panel) ?? {};
      console.log(
        `| ${panel} | ${mobile.toFixed(0)} | ${desktop.toFixed(0)} | ${(mobile / desktop).toFixed(2)} |`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
