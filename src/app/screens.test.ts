import { describe, expect, it } from 'vitest';
import { routes } from '../../machines/routes';
import { screens } from './screens';

describe('screen map', () => {
  it('has a screen for every route that is not a redirect', () => {
    const missing = routes.filter((r) => !r.redirect && !screens[r.name]).map((r) => r.name);
    expect(missing).toEqual([]);
    expect(screens.notFound).toBeDefined();
  });

  it('shows the dashboard under /Dash too', () => {
    expect(screens.Dash).toBe(screens.dashboard);
  });

  it('gives every screen a human title', () => {
    for (const [name, entry] of Object.entries(screens)) expect(entry.title, name).toMatch(/^[A-Z]/);
  });
});
