import { DEMO_ENGINEER, E2E_ADMIN } from './support/accounts';
import { expect, logIn, test } from './support/test';

test.describe('navigation guard (SPEC §2, §6)', () => {
  test('a company user cannot open the management area', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Companies' })).toHaveCount(0);

    // Typed into the address bar.
    await page.goto('/manage/companies');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Back/Forward onto a management URL.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/manage/requests');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a superadmin opens the management area', async ({ page }) => {
    await page.goto('/manage/companies');
    await logIn(page, E2E_ADMIN, '/manage/companies');
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  });

  test('the empty path and /Dash lead to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/Dash');
    await expect(page).toHaveURL(/\/Dash$/);
    await expect(page.getByText(DEMO_ENGINEER.company).first()).toBeVisible();
    // Signed in, the login screen is no place to be.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a non-numeric id is no user', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, E2E_ADMIN);
    await page.goto('/users/abc');
    await expect(page.getByText('User not found')).toBeVisible();
  });
});
