import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { createLogger } from '../../logger.js';
import { createBoss, JobQueue, withQueueSetupLock } from './job-queue.js';

const QUEUES = ['first-queue', 'second-queue', 'third-queue', 'fourth-queue'];
const PROCESSES = 4;
const server = await createTestDatabase();
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await server.close();
});

/**
 * Several processes starting at once on a fresh database (a multi-host deployment's first
 * start): each starts pg-boss and creates the queues. Without the setup lock, pg-boss's
 * create_queue deadlocks against itself and queues go missing.
 */
describe.skipIf(server.kind !== 'postgres')(
  'job queues started by several processes at once',
  () => {
    it('all start, and every queue exists and can be scheduled', async () => {
      const url = String(server.pool!.options.connectionString);
      const logger = createLogger('silent');
      const queues: JobQueue[] = [];
      for (let i = 0; i < PROCESSES; i++) {
        const handle = await openDatabase({ kind: 'postgres', url });
        handles.push(handle);
        queues.push(
          new JobQueue(createBoss(handle), logger, (setup) => withQueueSetupLock(handle, setup)),
        );
      }
      await Promise.all(queues.map((queue) => queue.start(QUEUES)));
      await Promise.all(queues.map((queue) => queue.schedule('fourth-queue', '17 3 * * *')));
      const rows = await server.pool!.query<{ name: string }>(
        // pg-boss's own queues start with __pgboss__.
        "select name from pgboss.queue where left(name, 10) <> '__pgboss__' order by name",
      );
      expect(rows.rows.map((r) => r.name)).toEqual([...QUEUES].sort());
      await Promise.all(queues.map((queue) => queue.stop()));
    });
  },
);
