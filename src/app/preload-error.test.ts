import { describe, expect, it } from 'vitest';
import { isChunkLoadError, listenForPreloadErrors, reportLoadFailure } from './preload-error';

describe('preload errors', () => {
  it('takes over Vite’s preload error so it does not throw', () => {
    listenForPreloadErrors();
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/users.css'),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('recognises a chunk that failed to load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    reportLoadFailure('done');
  });
});
