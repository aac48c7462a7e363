import { DEMO_ENGINEER, E2E_ADMIN } from './support/accounts';
import { expect, logIn, logOut, storageItem, test } from './support/test';

test.describe('login, start-up and logout (SPEC §4)', () => {
  test('a first visit lands on the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    // Deep links behind the login go there too.
    await page.goto('/users/5');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the message, keeps the username and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong username or password.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    expect(await storageItem(page, 'user-token')).toBeNull();
  });

  test('logging in opens the dashboard and stores the login; a reload keeps it', async ({ page }) => {
    await page.goto('/');
    await logIn(page, E2E_ADMIN);
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();

    const token = JSON.parse((await storageItem(page, 'user-token')) ?? 'null');
    expect(token).toMatchObject({ type: expect.any(String), token: expect.any(String) });
    expect(token.token.length).toBeGreaterThan(10);
    const profile = JSON.parse((await storageItem(page, 'user-profile')) ?? 'null');
    expect(profile).toMatchObject({ username: E2E_ADMIN.username });

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in' })).toHaveCount(0);
  });

  test('after login the user is taken where they wanted to go', async ({ page }) => {
    await page.goto('/me');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, DEMO_ENGINEER, '/me');
  });

  for (const [what, stored] of [
    ['a token the server does not know', JSON.stringify({ type: 'Bearer', token: 'bogus-token-1234567890' })],
    ['an unreadable token', '{not json'],
  ] as const) {
    test(`start-up with ${what}: a console warning, storage reset, /login`, async ({ page }) => {
      await page.goto('/login');
      await page.evaluate((value) => window.localStorage.setItem('user-token', value), stored);
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') warnings.push(msg.text());
      });
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      await expect.poll(() => warnings.join('\n')).toMatch(/Invalid token\.|No credentials available\./);
      expect(await storageItem(page, 'user-token')).toBeNull();
      // SPEC §8: no message is shown to the user.
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('logout clears the login even when the server call fails', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);
    let logoutCalls = 0;
    await page.route('**/v1/logout', (route) => {
      logoutCalls++;
      return route.abort();
    });
    await logOut(page);
    expect(logoutCalls).toBe(1);
    expect(await storageItem(page, 'user-token')).toBeNull();
    expect(await storageItem(page, 'user-profile')).toBeNull();
    // Nothing left to restore: a reload and a deep link stay logged out.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout ends the session on the server too', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_ENGINEER);
    const token = JSON.parse((await storageItem(page, 'user-token'))!);
    await logOut(page);
    const me = await page.request.get('/v1/users/me', {
      headers: { Authorization: `${token.type} ${token.token}` },
    });
    expect(me.status()).toBe(401);
  });
});
