import { CHUNK_LOAD_TIMEOUT_MS } from '@behavio/contract';
import type { ComponentType } from 'react';

/** A code-split chunk that could not be loaded even after the retries. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

const CHUNK_ERROR_PATTERN =
  /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|chunkloaderror/i;

/** True for our ChunkLoadError and for the browsers' own failed-dynamic-import errors. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && CHUNK_ERROR_PATTERN.test(`${error.name} ${error.message}`);
}

export interface ImportRetryOptions {
  /** Extra attempts after the first one. */
  retries?: number;
  /** Back-off before retry n is baseDelayMs * 2^(n-1). */
  baseDelayMs?: number;
  /** The whole load, retries included, gives up after this (product-rules: Constants: 120000 ms). */
  timeoutMs?: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs a dynamic import, retrying a failure twice with back-off (1 s, then 2 s), all bounded by
 * CHUNK_LOAD_TIMEOUT_MS. Rejects with ChunkLoadError; the route error screen then offers a
 * reload.
 */
export async function importWithRetry<T>(
  importer: () => Promise<T>,
  { retries = 2, baseDelayMs = 1000, timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: ImportRetryOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;

  for (let attempt = 0; attempt <= retries; attempt += 1) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChunkLoadError('Loading the page timed out.', { timedOut: true })),
        remaining,
      );
    });
    try {
      return await Promise.race([importer(), timeout]);
    } catch (error) {
      if (error instanceof ChunkLoadError && error.timedOut) throw error;
      lastError = error;
    } finally {
      clearTimeout(timer);
    }
    if (attempt < retries) {
      const delay = Math.min(baseDelayMs * 2 ** attempt, deadline - Date.now());
      if (delay > 0) await sleep(delay);
    }
  }

  if (Date.now() >= deadline && lastError === undefined) {
    throw new ChunkLoadError('Loading the page timed out.', { timedOut: true });
  }
  throw new ChunkLoadError('A part of the application could not be loaded.', { cause: lastError });
}

/**
 * A React Router `lazy` function for a route module whose default export is the page.
 * Usage: `{ path: '/login', lazy: lazyRoute(() => import('./routes/auth/login')) }`.
 */
export function lazyRoute(
  importer: () => Promise<{ default: ComponentType }>,
  options?: ImportRetryOptions,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await importWithRetry(importer, options);
    return { Component: module.default };
  };
}
