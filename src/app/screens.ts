import type { ScreenEntry, ScreenRoutes } from './screen-entry';

export type { ScreenEntry } from './screen-entry';

/**
 * Each screen folder says which routes (machines/routes.ts) it serves, in its `routes.ts`; they
 * are collected here, so a new screen registers nowhere. Eager, because a routes.ts is only
 * titles and `import()`s: the screens themselves stay lazy chunks of their own.
 */
const FOLDERS = import.meta.glob<ScreenRoutes>('../screens/*/routes.ts', { eager: true, import: 'default' });

/** Every claim of a route by a folder, duplicates included (screens.test.ts refuses those). */
export const screenClaims: readonly { route: string; folder: string; entry: ScreenEntry }[] = Object.entries(FOLDERS)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([file, routes]) => {
    const folder = file.replace(/^\.\.\/screens\//, '').replace(/\/routes\.ts$/, '');
    return Object.entries(routes).map(([route, entry]) => ({ route, folder, entry }));
  });

/** Route name → screen. A route missing here shows "Page not found". */
export const screens: Readonly<Record<string, ScreenEntry>> = Object.fromEntries(
  screenClaims.map(({ route, entry }) => [route, entry]),
);

export function screenFor(routeName: string): ScreenEntry {
  return screens[routeName] ?? screens.notFound;
}
