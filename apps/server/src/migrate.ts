import { loadConfig } from './config/env.js';
import { exitOnStartupError } from './startup-error.js';
import { databaseTargetFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFor(config));
  try {
    const applied = await migrateToLatest(database.db);
    console.warn(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
}

main().catch(exitOnStartupError);
