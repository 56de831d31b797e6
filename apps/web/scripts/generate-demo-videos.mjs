// Renders the two landing-page demo clips (public/media/demo-*.webm) with headless Chromium:
// a canvas animation recorded by MediaRecorder, so no video tooling is needed.
// Usage (from the repo root): node apps/web/scripts/generate-demo-videos.mjs [/path/to/chromium]
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SECONDS = 9;

/** MediaRecorder leaves out the duration; add it to the Segment Info so players show it. */
function withDuration(webm, durationMs) {
  const INFO_ID = [0x15, 0x49, 0xa9, 0x66];
  let at = -1;
  for (let i = 0; i < webm.length - 4; i++) {
    if (INFO_ID.every((byte, k) => webm[i + k] === byte)) {
      at = i;
      break;
    }
  }
  if (at < 0) return webm;
  const sizeStart = at + 4;
  const first = webm[sizeStart];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let size = first & (0xff >> length);
  for (let k = 1; k < length; k++) size = size * 256 + webm[sizeStart + k];
  const bodyStart = sizeStart + length;
  const body = webm.subarray(bodyStart, bodyStart + size);

  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE(durationMs, 3);
  const newSize = size + duration.length;
  const sizeField = Buffer.alloc(8);
  sizeField[0] = 0x01;
  sizeField.writeUIntBE(newSize, 2, 6);
  return Buffer.concat([
    webm.subarray(0, sizeStart),
    sizeField,
    body,
    duration,
    webm.subarray(bodyStart + size),
  ]);
}

const browser = await chromium.launch({
  executablePath: process.argv[2] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  await page.setContent(await readFile(here('./demo-videos/render.html'), 'utf8'));
  for (const scene of ['b2b', 'consumer']) {
    const { base64, durationMs } = await page.evaluate(
      ([name, seconds]) => globalThis.record(name, seconds),
      [scene, SECONDS],
    );
    const file = here(`../public/media/demo-${scene}.webm`);
    const video = withDuration(Buffer.from(base64, 'base64'), Math.round(durationMs));
    await writeFile(file, video);
    process.stdout.write(
      `${file}: ${(video.length / 1024).toFixed(0)} KB, ${(durationMs / 1000).toFixed(1)} s\n`,
    );
  }
} finally {
  await browser.close();
}
