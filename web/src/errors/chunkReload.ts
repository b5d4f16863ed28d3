/** Spec section 8: a failed lazy chunk reloads the page, at most once a minute. */
export const CHUNK_RELOAD_KEY = 'addme:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL;
}

/** Returns true when a reload was started (the caller should then wait, not render an error). */
export function reloadForChunkError(error: unknown, storage: Storage = sessionStorage): boolean {
  if (!isChunkLoadError(error)) return false;
  const raw = storage.getItem(CHUNK_RELOAD_KEY);
  const last = raw ? Number(raw) : null;
  const now = Date.now();
  if (!shouldReload(now, Number.isFinite(last) ? last : null)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/** Wraps a lazy route import so a stale deploy heals itself by reloading. */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (reloadForChunkError(error)) return new Promise<T>(() => {});
      throw error;
    }
  };
}
