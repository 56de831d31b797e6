import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/**
 * The built app and Chromium for one journey file: started before its tests (and before the
 * file's own `beforeAll`, registered after this), stopped after them.
 */
export function useJourney(): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer();
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/** Writes `content` as `name` in a folder of its own, for a file input; answers the path. */
export function fileToUpload(name: string, content: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'behavio-journey-')), name);
  writeFileSync(file, content);
  return file;
}
