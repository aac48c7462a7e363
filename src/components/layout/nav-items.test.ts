import { describe, expect, it } from 'vitest';
import { routes } from '../../../machines/routes';
import { screens } from '../../app/screens';
import { mainNav, manageNav } from './nav-items';

const menu = [...mainNav, ...manageNav];

describe('menu items', () => {
  it('name each item once, so a superadmin who sees both menus can tell them apart', () => {
    const labels = menu.map((item) => item.label);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it('read the same as the title of the page they open', () => {
    const mismatched = menu.flatMap((item) => {
      const route = routes.find((r) => r.path === item.href);
      const title = route ? screens[route.name]?.title : undefined;
      return title === item.label ? [] : [`${item.href}: menu “${item.label}”, page “${title}”`];
    });
    expect(mismatched).toEqual([]);
  });
});
