import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(
  new URL('.', import.meta.url).pathname,
  '../screenshots',
);
export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Debian's Chromium driven by playwright-core: no browser download is needed or possible here.
 * Every page it opens reports Content-Security-Policy violations, and closing the browser fails
 * the journey when there was one, so each screen a journey visits is held to the server's CSP.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return failOnCspViolations(browser);
}

const CSP_VIOLATION = 'CSP violation';

function failOnCspViolations(browser: Browser): Browser {
  const violations: string[] = [];
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.addInitScript((prefix) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `${prefix}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI} from ${event.sourceFile || 'unknown'}:${event.lineNumber}`,
        );
      });
    }, CSP_VIOLATION);
    page.on('console', (message) => {
      if (message.text().startsWith(CSP_VIOLATION)) violations.push(message.text());
    });
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await close(options);
    if (violations.length > 0)
      throw new Error(`The pages broke the Content-Security-Policy:\n${violations.join('\n')}`);
  };
  return browser;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Waits for the screen's running transitions (a dialog fading in, a toast sliding) to end, at
 * most 2 s: axe measured a dialog's text against its half-faded overlay (4.01:1) and a button
 * mid-fade (1.02:1), which no user reads.
 */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Elements that reach past the right edge of the viewport (the page scrolls sideways), outside
 * any box that scrolls on its own: a short description of each, for the journey's message.
 * Measured once the screen's transitions have ended, and leaving out what is still moving: a
 * toast that slides out past the edge when its time is up (it can start after the wait) is
 * not a page that scrolls sideways.
 */
export async function sideScrollOffenders(page: Page): Promise<string[]> {
  await settled(page);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const moving = document
      .getAnimations()
      .map((a) => (a.effect as KeyframeEffect | null)?.target)
      .filter((target): target is Element => target instanceof Element);
    const scrollsItself = (el: Element | null): boolean => {
      for (let e = el?.parentElement ?? null; e; e = e.parentElement) {
        const { overflowX } = getComputedStyle(e);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || scrollsItself(el)) continue;
      if (moving.some((target) => target.contains(el))) continue;
      const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
      offenders.push(
        `${name} (right edge ${Math.round(box.right)} px): ${(el.textContent ?? '').slice(0, 40)}`,
      );
    }
    return offenders.slice(0, 10);
  });
}
