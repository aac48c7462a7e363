import { DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('at 390 px (below sm)', () => {
  test('the dashboard has no sideways scroll and the menu opens and navigates', async ({ page }) => {
    await page.goto('/login');
    const noSidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noSidewaysScroll()).toBe(true);
    await openSignedIn(page, DEMO_ENGINEER);
    await expect(page.getByText(DEMO_ENGINEER.company).first()).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);

    // The side drawer is hidden; the menu button opens it as a dialog.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Escape closes it; choosing a link navigates and closes it.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(menu).toBeHidden();
    expect(await noSidewaysScroll()).toBe(true);
  });
});
