import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, settled } from './browser.js';

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
