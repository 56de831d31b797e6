import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithRetry, isChunkLoadError } from '@/lib/lazy-route';

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/page.js');

afterEach(() => {
  vi.useRealTimers();
});

describe('importWithRetry', () => {
  it('retries a failed chunk with back-off and then succeeds', async () => {
    vi.useFakeTimers();
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValue('page');
    const result = importWithRetry(importer);

    await vi.advanceTimersByTimeAsync(999);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe('page');
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('gives up after two retries with a ChunkLoadError', async () => {
    const importer = vi.fn<() => Promise<string>>().mockRejectedValue(chunkFailure());
    const error: unknown = await importWithRetry(importer, { baseDelayMs: 0 }).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('is bounded by the time-out (CHUNK_LOAD_TIMEOUT_MS by default)', async () => {
    vi.useFakeTimers();
    const importer = vi.fn<() => Promise<string>>(() => new Promise(() => {}));
    const result = importWithRetry(importer).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(true);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('recognises the browsers’ own chunk errors', () => {
    expect(isChunkLoadError(chunkFailure())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
