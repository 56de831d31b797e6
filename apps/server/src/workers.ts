import type { Services } from './services.js';

/** Every queue the app uses; created at start so jobs can be sent before a worker runs. */
export const QUEUES: string[] = [];

/** Registers a handler for every queue; called in the server (RUN_WORKER) or the worker process. */
export async function startWorkers(_services: Services): Promise<void> {}
