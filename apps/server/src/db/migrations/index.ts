import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_customer_files.js';

/** Imported statically so the bundled server carries its migrations. Append only. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_customer_files': m0002,
};
