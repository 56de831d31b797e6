/**
 * The insights engine of another git ref, loaded beside the working tree's in one process, for
 * the benchmarks that compare two versions pass for pass (insights-ab-bench.ts,
 * import-scoring-cpu.ts): the machine's speed drifts too much between runs for separate runs
 * to show a change of a few percent.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CustomerRecord } from '@behavio/contract';
import type * as current from '../../../packages/insights/src/index.js';

export type Engine = Pick<typeof current, 'scoreCustomer' | 'scoreCustomerCompact'> & {
  /** The import path of the engines that wrote the COPY text themselves (a9ea643 and before). */
  scoreCustomerCopyText?: (r: CustomerRecord) => string;
};

/**
 * The ref's engine sources, extracted inside the package so they resolve its dependencies,
 * and its short commit.
 */
export async function loadEngineAt(gitRef: string): Promise<{ engine: Engine; sha: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const sha = execFileSync('git', ['rev-parse', '--short', gitRef], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(root, 'packages/insights/.ab', sha);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', sha, 'packages/insights/src'], { cwd: root });
  execFileSync('tar', ['-x', '-C', dir, '--strip-components=2'], { input: archive });
  const engine = (await import(pathToFileURL(path.join(dir, 'src/index.ts')).href)) as Engine;
  // Every module of the engine is loaded by now (it has no dynamic imports).
  rmSync(path.join(root, 'packages/insights/.ab'), { recursive: true, force: true });
  return { engine, sha };
}
