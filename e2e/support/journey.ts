import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.js';
import { runningServerAt, type RunningServer } from './server.js';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/**
 * The run's built app (support/global-server.ts) and a Chromium of the journey file's own:
 * launched before its tests (and before the file's own `beforeAll`, registered after this),
 * closed after them.
 */
export function useJourney(): Journey {
  const { url, dataDir } = inject('journeyServer');
  const journey = { server: runningServerAt(url, dataDir) } as Journey;
  beforeAll(async () => {
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
  });
  return journey;
}

/** Writes `content` as `name` in a folder of its own, for a file input; answers the path. */
export function fileToUpload(name: string, content: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'behavio-journey-')), name);
  writeFileSync(file, content);
  return file;
}
