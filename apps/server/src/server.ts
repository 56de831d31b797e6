import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { databaseTargetFor, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createLogger } from './logger.js';
import { createMailer } from './modules/mail/mailer.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(databaseTargetFor(config));
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const app = await buildApp({ config, database, mailer, logger });

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    await app.close();
    mailer.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { database: database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox', dataDir: config.dataDir },
    `${config.appName} is running on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
