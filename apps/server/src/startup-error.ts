import { ConfigError } from './config/env.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

/** A process that cannot start says why in one line when the reason is the operator's to fix. */
export function exitOnStartupError(error: unknown): never {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? error.message : error);
  process.exit(1);
}
