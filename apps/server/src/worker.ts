import closeWithGrace from 'close-with-grace';
import { exitOnStartupError } from './startup-error.js';
import { startRuntime } from './runtime.js';

/** `npm run worker`: background jobs only, against the same DATABASE_URL as the API. */
async function main() {
  const runtime = await startRuntime({ withWorkers: true });
  closeWithGrace({ delay: 30_000 }, async ({ err }) => {
    if (err) runtime.services.logger.error({ err }, 'worker shutting down after an error');
    await runtime.stop();
  });
  runtime.services.logger.info('worker started');
}

main().catch(exitOnStartupError);
