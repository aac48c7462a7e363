import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './screen-props';

export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export type ScreenEntry = {
  title: string;
  Component: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** Starts fetching the chunk early, e.g. beside the layout's, or when a link is hovered. */
  preload: ScreenLoader;
};

/**
 * What a screen folder's `routes.ts` exports as its default: route name (machines/routes.ts)
 * → screen. screens.ts collects every folder's, eagerly, so a routes.ts imports nothing but this
 * module statically and loads its screens with `import()` (each its own chunk).
 */
export type ScreenRoutes = Record<string, ScreenEntry>;

/** A screen of its own: a title and the lazy import of its component. */
export function screen(title: string, load: ScreenLoader): ScreenEntry {
  return { title, Component: lazy(load), preload: load };
}

/**
 * One lazy component that serves several routes under their own titles (a shell that picks its
 * part by route name): moving between them never waits for a chunk.
 */
export function sharedScreen(load: ScreenLoader): (title: string) => ScreenEntry {
  const Component = lazy(load);
  return (title) => ({ title, Component, preload: load });
}
