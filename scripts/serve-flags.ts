import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node flags `npm run serve` starts the server with (the root package.json), so the
 * benchmarks and the browser journeys run the server as users do.
 */
export function serveNodeFlags(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  return pkg.scripts.serve.split(' ').filter((token) => token.startsWith('--'));
}
