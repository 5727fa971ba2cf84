// Lazy route modules with a time limit (spec section 9: a chunk load times out after 120000 ms, the system
// config may say otherwise) and recognition of chunk-load failures, which get a "reload" message, not a crash.

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const DEFAULT_TIMEOUT_MS = 120_000;
let timeoutMs = DEFAULT_TIMEOUT_MS;

export function setChunkLoadTimeout(ms: number): void {
  timeoutMs = Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}

// Messages of a failed dynamic import or CSS preload in Chromium, Firefox, Safari and Vite.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  if ((error as Error & { code?: unknown }).code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return CHUNK_FAILURE.test(error.message);
}

export function importWithTimeout<T>(importer: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading part of the app took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
