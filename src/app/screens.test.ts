import { describe, expect, it } from 'vitest';
import { routes } from '../../machines/routes';
import { screenClaims, screens } from './screens';

describe('screen map', () => {
  it('has a screen for every route that is not a redirect', () => {
    const missing = routes.filter((r) => !r.redirect && !screens[r.name]).map((r) => r.name);
    expect(missing, 'routes no src/screens/*/routes.ts claims').toEqual([]);
    expect(screens.notFound).toBeDefined();
  });

  it('has each route claimed by one screen folder only', () => {
    const folders = new Map<string, string[]>();
    for (const { route, folder } of screenClaims) folders.set(route, [...(folders.get(route) ?? []), folder]);
    const twice = [...folders].filter(([, of]) => of.length > 1).map(([route, of]) => `${route}: ${of.join(', ')}`);
    expect(twice, 'a built screen takes its route out of not-built/routes.ts').toEqual([]);
  });

  it('claims only routes that exist', () => {
    const known = new Set([...routes.map((r) => r.name), 'notFound']);
    expect(screenClaims.map((c) => c.route).filter((name) => !known.has(name))).toEqual([]);
  });

  it('shows the dashboard under /Dash too', () => {
    expect(screens.Dash).toBe(screens.dashboard);
  });

  it('gives every screen a human title', () => {
    for (const [name, entry] of Object.entries(screens)) expect(entry.title, name).toMatch(/^[A-Z]/);
  });

  it('collects the enclosure updates from their folder', () => {
    expect(screenClaims.find((c) => c.route === 'manage.enclosureupdates')?.folder).toBe('enclosure-updates');
  });
});
