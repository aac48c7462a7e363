import { E2E_ADMIN } from './support/accounts';
import { DESKTOP_VIEWPORT } from './support/viewports';
import { expect, openSignedIn, test } from './support/test';

/** The frame of every signed-in screen on a laptop: the sidebar reaches its last item and spans the page. */
test.use({ viewport: DESKTOP_VIEWPORT });

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('complementary');

test('at 800 px high the superadmin’s sidebar shows its last item; in a shorter window it scrolls on its own', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/manage/companies/add');
  const links = sidebar(page).getByRole('navigation', { name: 'Main' }).getByRole('link');
  const last = links.last();
  await expect(last).toHaveText('Devices');
  // Both menus fit the window.
  await expect(last).toBeInViewport({ ratio: 1 });

  // Where they cannot, a wheel over the menu scrolls it to the last item.
  await page.setViewportSize({ width: DESKTOP_VIEWPORT.width, height: 560 });
  await expect(last).not.toBeInViewport({ ratio: 1 });
  await links.first().hover();
  await page.mouse.wheel(0, 2000);
  await expect(last).toBeInViewport({ ratio: 1 });
  // The page itself (a short one) did not move.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await last.click();
  await expect(page).toHaveURL(/\/manage\/devices$/);
});

test('on a long page the sidebar is as tall as the page, and its menu stays in view while the page scrolls', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/manage/devices?limit=100');
  await expect(page.getByRole('main').getByRole('row')).toHaveCount(101);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(3 * DESKTOP_VIEWPORT.height);
  // Its white background and border run from under the top bar to the page's foot.
  const box = (await sidebar(page).boundingBox())!;
  expect(box.y + box.height).toBeGreaterThanOrEqual(pageHeight - 1);
  await page.mouse.wheel(0, pageHeight);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(pageHeight - DESKTOP_VIEWPORT.height - 10);
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
});
