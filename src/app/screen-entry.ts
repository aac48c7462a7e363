import type { ComponentType } from 'react';
import { chunk, type Chunk } from '../lib/chunk';
import type { ScreenProps } from './screen-props';

export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export type ScreenEntry = {
  title: string;
  /** The screen's component, in a chunk of its own: route-view.tsx renders it once it has arrived. */
  chunk: Chunk<ScreenProps>;
  /**
   * The screen fills the window without the signed-in layout (the station at a jig, read from two
   * metres): no menu, no app-wide live results; it brings what it needs of them itself.
   */
  fullScreen?: boolean;
};

/**
 * What a screen folder's `routes.ts` exports as its default: route name (machines/routes.ts)
 * → screen. screens.ts collects every folder's, eagerly, so a routes.ts imports nothing but this
 * module statically and loads its screens with `import()` (each its own chunk).
 */
export type ScreenRoutes = Record<string, ScreenEntry>;

/** A screen of its own: a title and the import of its component. */
export function screen(title: string, load: ScreenLoader): ScreenEntry {
  return { title, chunk: chunk(load) };
}

/** A screen of its own that fills the window, outside the signed-in layout. */
export function fullScreen(title: string, load: ScreenLoader): ScreenEntry {
  return { title, chunk: chunk(load), fullScreen: true };
}

/**
 * One component that serves several routes under their own titles (a shell that picks its part
 * by route name): moving between them never waits for a chunk.
 */
export function sharedScreen(load: ScreenLoader): (title: string) => ScreenEntry {
  const shared = chunk(load);
  return (title) => ({ title, chunk: shared });
}
