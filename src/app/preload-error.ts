import { useSyncExternalStore } from 'react';

/** What failed to load, for the banner; null while all is well. */
let detail: string | null = null;
const listeners = new Set<() => void>();

export function reportLoadFailure(message: string): void {
  if (detail === message) return;
  detail = message;
  listeners.forEach((l) => l());
}

/** Once a chunk failed, a screen's error is most likely that chunk's absence. */
export function hasLoadFailure(): boolean {
  return detail !== null;
}

export function useLoadFailure(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => detail,
  );
}

/** SPEC §8 names the stylesheet case exactly; a script chunk gets its own plain words. */
export function failureHeadline(detail: string): string {
  return /unable to preload css/i.test(detail) ? 'Unable to preload CSS' : 'Unable to load this page';
}

/** The messages browsers give when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|error loading dynamically|Expected the result of a dynamic import/i.test(
    message,
  );
}

/**
 * Vite fires `vite:preloadError` when a lazy page's stylesheet or script cannot be loaded
 * (a deploy replaced the files, the network dropped). Taking it over stops Vite from throwing;
 * the banner offers a reload instead.
 */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    const payload = (event as Event & { payload?: unknown }).payload;
    reportLoadFailure(payload instanceof Error ? payload.message : String(payload ?? 'Unknown error'));
  });
}
