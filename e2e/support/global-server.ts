import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app every journey file drives (one server for the run, see useJourney). */
    journeyServer: { url: string; dataDir: string };
  }
}

/**
 * One built server, on embedded PGlite and the outbox, for every journey file of the run. Each
 * journey makes a firm of its own, so they share nothing but the process; starting a server per
 * file (a new PGlite cluster and every migration) took about 10 s a file. The auth limits per
 * client address are raised for it: every journey signs up and signs in from 127.0.0.1.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ RATE_LIMIT_IP_PER_MINUTE: '1000' });
  project.provide('journeyServer', { url: server.url, dataDir: server.dataDir });
  return () => server.stop();
}
