import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { exitOnStartupError } from './startup-error.js';
import { startRuntime } from './runtime.js';
import { describePayments } from './modules/billing/providers/index.js';

async function main() {
  const config = loadConfig();
  const runtime = await startRuntime({ config, withWorkers: config.runWorker });
  const { services } = runtime;
  const app = await buildApp(services);

  closeWithGrace({ delay: 15_000 }, async ({ err }) => {
    if (err) services.logger.error({ err }, 'shutting down after an error');
    await app.close();
    await runtime.stop();
  });

  await app.listen({ port: config.port, host: config.host });
  const payments = describePayments(config.billing);
  if (config.billing.provider === 'stripe') services.logger.info(payments);
  else services.logger.warn(payments);
  services.logger.info(
    {
      database: services.database.kind,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      dataDir: config.dataDir,
      workers: config.runWorker ? 'in-process' : 'external',
    },
    `${config.appName} is running on ${config.publicUrl}`,
  );
}

main().catch(exitOnStartupError);
