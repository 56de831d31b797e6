import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The contract's STORAGE_KEYS.token (Vite's config loader cannot import the contract's TypeScript). */
const TOKEN_KEY = 'token';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The landing page's only script: it starts the app when the app is needed, not before the page
 * has painted. A signed-in visitor needs it at once (on to /dashboard); anyone else when they
 * first touch, click, type or scroll. Until then the page is plain HTML: its links are real
 * links and its videos native players, so nothing waits on the app. (The app's boot is most of a
 * phone's main-thread work on this page: docs/benchmarks.md, landing page.)
 */
function bootScript(entry: string): string {
  return `const start = () => {
  for (const type of EVENTS) removeEventListener(type, start, true);
  import(${JSON.stringify(entry)});
};
const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'];
if (localStorage.getItem(${JSON.stringify(TOKEN_KEY)})) start();
else for (const type of EVENTS) addEventListener(type, start, { capture: true, passive: true });
`;
}

/**
 * After the build, renders the landing page (src/prerender.tsx) into a copy of index.html,
 * dist/landing.html, which the server answers for `/` (apps/server/src/plugins/spa.ts), with
 * bootScript in place of the app's entry and its preloads. The page is rendered through Vite's
 * SSR loader, with the app's own aliases and asset handling.
 */
export function prerenderLanding(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'behavio:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const vite = await createServer({
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLanding } = (await vite.ssrLoadModule('/src/prerender.tsx')) as {
          renderLanding: () => string;
        };
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const entry = ENTRY_SCRIPT.exec(index)?.[1];
        if (!entry) throw new Error('index.html has no entry script');
        const boot = bootScript(entry);
        const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
        writeFileSync(path.join(outDir, bootFile), boot);
        const landing = index
          .replace(ROOT_ELEMENT, `<div id="root">${renderLanding()}</div>`)
          .replace(ENTRY_SCRIPT, `<script type="module" src="/${bootFile}"></script>`)
          .replace(MODULE_PRELOADS, '');
        writeFileSync(path.join(outDir, 'landing.html'), landing);
      } finally {
        await vite.close();
      }
    },
  };
}
