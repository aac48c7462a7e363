import { expect, test as base, type Page } from '@playwright/test';

/** The options playwright.config.ts sets per project, beside Playwright's own. */
export type E2EOptions = {
  /**
   * One server per worker, by its parallel index: each worker has a database of its own, so specs
   * in two workers never race on shared figures. Empty: every worker uses `baseURL`.
   */
  workerBaseURLs: string[];
};

/**
 * `test` on this worker's own server, with one extra promise: no uncaught exception in the page.
 * A screen that throws fails its test even when what the test looks at still renders.
 */
export const test = base.extend<{ pageErrors: Error[] } & E2EOptions>({
  workerBaseURLs: [[], { option: true }],
  baseURL: async ({ baseURL, workerBaseURLs }, use, testInfo) => {
    if (workerBaseURLs.length === 0) return use(baseURL);
    const own = workerBaseURLs[testInfo.parallelIndex];
    // Sharing a server would bring the races back: more workers need as many servers (E2E_WORKERS).
    if (!own) throw new Error(`No e2e server for worker ${testInfo.parallelIndex}: E2E_WORKERS started ${workerBaseURLs.length}.`);
    await use(own);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors.map((e) => e.message), 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export type Credentials = { username: string; password: string };

/** Logs in through the form, from wherever the app sent us, and waits for the dashboard. */
export async function logIn(page: Page, { username, password }: Credentials, expectedPath = '/dashboard') {
  if (!/\/login$/.test(new URL(page.url()).pathname)) await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${expectedPath.replace(/[?]/g, '\\$&')}$`));
}

/**
 * Opens `path` as `credentials`' returning user: logged in through the API, the session stored
 * as the login form stores it (SPEC §9's `user-token`), then the app's start-up restores it
 * (SPEC §4). For specs about what comes after login: it saves the login page's load, and the
 * dashboard's when the spec goes elsewhere next, a second or more each on a 2-core machine. The
 * specs of login itself (auth, guard, session) keep `logIn`, the form.
 */
export async function openSignedIn(page: Page, { username, password }: Credentials, path = '/dashboard') {
  const answer = await page.request.post('/v1/login', { data: { username, password } });
  expect(answer.status(), `API login of ${username}`).toBe(200);
  const { data: token } = (await answer.json()) as { data: unknown };
  // Stored before the app's own scripts run, on this page's next load only: a later logout, or
  // another login in the same spec, must not find this session put back by a reload.
  const once = `e2e-signed-in-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ once, token }) => {
      if (!/^https?:$/.test(window.location.protocol) || window.sessionStorage.getItem(once)) return;
      window.sessionStorage.setItem(once, '1');
      window.localStorage.setItem('user-token', JSON.stringify(token));
    },
    { once, token },
  );
  await page.goto(path);
  // The layout of a signed-in user: the stored session was restored, not sent to the login page.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
}

export const storageItem = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(k), key);

/**
 * Types into the main table's search and waits until the table shows that search's rows. The
 * rows of the page before stay on screen while the search loads, then move: a click aimed at a
 * row before they have moved lands wherever the row was (a missed click, a dialog never opened).
 */
export async function searchTable(page: Page, text: string) {
  const main = page.getByRole('main');
  await main.getByRole('searchbox').fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text.trim());
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}
