import type { Page } from '@playwright/test';
import { DEMO_ENGINEER, DEMO_OPERATOR } from './support/accounts';
import { expect, logIn, logOut, storageItem, test } from './support/test';

/** The words each screen must say, written out here. */
const LOGGED_OUT_ELSEWHERE = 'You logged out in another tab.';
const SESSION_ENDED = 'Your session has ended. Log in again to continue.';
const ADMIN_ONLY = "The management area is for Jigboard's administrators.";

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

test.describe('a session ended elsewhere, and redirects, say why', () => {
  test('logging out in one tab logs out the other, which says why and comes back after login', async ({ page, context }) => {
    let logoutCalls = 0;
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/logout') logoutCalls++;
    });
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);

    // The second tab restores the stored login, like any new tab.
    const other = await context.newPage();
    await other.goto('/projects');
    await expect(other.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    await logOut(page);
    await expect(other).toHaveURL(/\/login$/);
    await expect(notice(other, LOGGED_OUT_ELSEWHERE)).toBeVisible();
    // The tab that logged out needs no explaining; the server heard one logout only.
    await expect(notice(page, LOGGED_OUT_ELSEWHERE)).toHaveCount(0);
    expect(logoutCalls).toBe(1);

    // Logging in again in that tab returns it to the page it was on, and the first tab, which was
    // on the login screen, follows the login made here.
    await logIn(other, DEMO_ENGINEER, '/projects');
    await expect(notice(other, LOGGED_OUT_ELSEWHERE)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await other.close();
  });

  test('a token refused by the server: the session has ended, in every tab, and login returns to the page', async ({ page, context }) => {
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('button', { name: 'Log out' })).toBeVisible();

    // The token is revoked behind the app's back (as an admin or another device would).
    const token = JSON.parse((await storageItem(page, 'user-token'))!) as { type: string; token: string };
    const revoked = await page.request.post('/v1/logout', { headers: { Authorization: `${token.type} ${token.token}` } });
    expect(revoked.ok()).toBe(true);

    // The next call the app makes is answered 401. This click makes one, unless a call of either
    // tab (a refetch, the live stream, which ends with the token) was refused first and the login
    // page is there already; then the page to return to is the dashboard the user was on.
    let returnTo = '/projects';
    await mainNav(page)
      .getByRole('link', { name: 'Projects' })
      .click({ timeout: 5_000 })
      .catch((error: unknown) => {
        if (!/\/login$/.test(page.url())) throw error;
        returnTo = '/dashboard';
      });
    await expect(page).toHaveURL(/\/login$/);
    await expect(notice(page, SESSION_ENDED)).toBeVisible();
    expect(await storageItem(page, 'user-token')).toBeNull();
    // The other tab shares the token: it is told at once, not at its next call.
    await expect(other).toHaveURL(/\/login$/);
    await expect(notice(other, SESSION_ENDED)).toBeVisible();

    await logIn(page, DEMO_ENGINEER, returnTo);
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
    await expect(notice(page, SESSION_ENDED)).toHaveCount(0);
    await other.close();
  });

  test('an operator starts at the station; typing /manage/companies lands back there, told it is for the administrators', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_OPERATOR, '/station');

    await page.goto('/manage/companies');
    await expect(page).toHaveURL(/\/station$/);
    await expect(notice(page, ADMIN_ONLY)).toBeVisible();

    // Another screen: the notice is done with.
    await page.getByRole('button', { name: 'Leave the station' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(notice(page, ADMIN_ONLY)).toHaveCount(0);

    // Back/Forward onto a management URL says it too.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/manage/requests');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/station$/);
    await expect(notice(page, ADMIN_ONLY)).toBeVisible();
  });
});
