import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout, isChunkLoadError, setChunkLoadTimeout } from './lazy-import';

afterEach(() => {
  vi.useRealTimers();
  setChunkLoadTimeout(120_000);
});

describe('lazy route imports', () => {
  it('recognises failed dynamic imports and CSS chunks as chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('css'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('slow'))).toBe(true);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
  });

  it('gives up with a ChunkLoadError when a chunk takes longer than the configured time', async () => {
    vi.useFakeTimers();
    setChunkLoadTimeout(5_000);
    const pending = importWithTimeout(() => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(5_001);
    await assertion;
  });

  it('passes a module through that arrives in time', async () => {
    await expect(importWithTimeout(async () => ({ Page: 'ok' }))).resolves.toEqual({ Page: 'ok' });
  });
});
