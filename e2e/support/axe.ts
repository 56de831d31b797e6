import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, settled, sideScrollOffenders, VIEWPORTS } from './browser.js';

/** WCAG 2.2 AA, the level the product promises (issue 22), and the levels below it. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = axe.Result;

/** One failing rule with the elements it failed on, so a failure says what to fix. */
function describeViolation(violation: Violation) {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`)
    .join('\n');
  return `${violation.impact} ${violation.id} (${violation.help}), ${violation.nodes.length} element(s):\n${nodes}`;
}

/**
 * Screenshots the screen the journey reached and runs axe-core on it. axe is injected through
 * the DevTools protocol (`page.evaluate`), so it runs on the journeys' own pages whatever the
 * page's Content-Security-Policy says. A serious or critical violation fails the journey,
 * softly, so one run lists every screen's violations rather than the first screen's only.
 */
export async function checkScreen(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect.soft(blocking.map(describeViolation), `axe on the screen "${name}"`).toEqual([]);
}

/**
 * The screen the journey reached, checked at both widths the product promises (390 and 1280 px):
 * screenshot and axe at the page's own width, then at the other one, the page as it stands
 * (a resize re-lays it out, as a turned tablet or a narrowed window would), then back to its own
 * width. Each journey runs its flow once, at the width its name says, and still sees every screen
 * at both widths (issue 35: CI under 15 minutes). `sideScroll` also fails the journey when the
 * phone width scrolls sideways. Screenshots are named `<name>-mobile` and `<name>-desktop`.
 */
export async function checkScreenAtBothWidths(
  page: Page,
  name: string,
  { sideScroll = false }: { sideScroll?: boolean } = {},
) {
  const own = page.viewportSize();
  const ownName = own?.width === VIEWPORTS.mobile.width ? 'mobile' : 'desktop';
  const otherName = ownName === 'mobile' ? 'desktop' : 'mobile';
  const check = async (width: 'mobile' | 'desktop') => {
    await checkScreen(page, `${name}-${width}`);
    if (sideScroll && width === 'mobile')
      expect
        .soft(await sideScrollOffenders(page), `side scroll on "${name}" at 390 px`)
        .toEqual([]);
  };
  await check(ownName);
  await page.setViewportSize(VIEWPORTS[otherName]);
  await check(otherName);
  if (own) await page.setViewportSize(own);
  await settled(page);
}
