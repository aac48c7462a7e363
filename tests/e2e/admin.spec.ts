import { DEMO_ADMIN, DEMO_ENGINEER, E2E_ADMIN } from './support/accounts';
import { expect, logIn, logOut, openSignedIn, test } from './support/test';

test('a superadmin adds a company and a user, who then logs in and sees the company', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const company = `E2E Boards ${stamp}`;
  const user = { username: `e2e-user-${stamp}`, password: 'e2e-user-password-1' };

  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);

  // Companies → Add company.
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/manage\/companies$/);
  await page.getByRole('link', { name: 'Add company' }).click();
  await expect(page).toHaveURL(/\/manage\/companies\/add$/);
  await page.getByLabel('Name').fill(company);
  await page.getByLabel('Type').selectOption('manufacturer');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/manage\/companies$/);
  // Found through the list's server-side search, whatever page it would sort onto.
  await page.getByLabel('Search').fill(stamp);
  await expect(page.getByRole('row').filter({ hasText: company })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Acme Electronics' })).toHaveCount(0);

  // The new company's first user: the company is found by asking the server as the name is typed.
  await page.goto('/users/new');
  const companyPicker = page.getByRole('combobox', { name: 'Company' });
  await companyPicker.fill(stamp);
  await page.getByRole('option', { name: company }).click();
  await expect(companyPicker).toHaveValue(company);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(`${user.username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox', { name: 'Engineer' }).check();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).not.toHaveURL(/\/users\/new$/);
  await expect(page.getByText(user.username).first()).toBeVisible();

  await logOut(page);
  await logIn(page, user);
  await expect(page.getByText(company).first()).toBeVisible();
  await expect(page.getByText(user.username).first()).toBeVisible();
});

test('a taken username comes back from the server beside the username, and what was typed stays', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `e2e-taken-${stamp}@example.com`;
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN, '/users/new');

  // The form's own check passes (a well-formed name): only the server knows it is taken.
  await page.getByLabel('Username').fill(DEMO_ENGINEER.username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-user-password-1');
  await page.getByLabel('Confirm password').fill('e2e-user-password-1');
  await page.getByRole('checkbox', { name: 'Viewer' }).check();
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/v1\/companies\/\d+\/users$/.test(r.url()));
  await page.getByRole('button', { name: 'Create user' }).click();
  expect((await created).status()).toBe(422);

  const username = page.getByLabel('Username');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription('This username is taken.');
  await expect(username).toBeFocused();
  await expect(page).toHaveURL(/\/users\/new$/);
  // Nothing typed is lost, and nothing else is marked.
  await expect(username).toHaveValue(DEMO_ENGINEER.username);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('e2e-user-password-1');
  await expect(page.getByRole('checkbox', { name: 'Viewer' })).toBeChecked();
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  // A free name then goes through.
  await username.fill(`e2e-free-${stamp}`);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
});

test.describe('the company picker at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a superadmin taps, types part of a name, taps the company, and its projects show; a reload keeps it', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, E2E_ADMIN, '/projects');
    const picker = page.getByRole('combobox', { name: 'Company' });
    await picker.tap();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const searched = page.waitForRequest((r) => /\/v1\/companies\?.*search=acme/.test(r.url()));
    await picker.pressSequentially('acme');
    await searched;
    const option = page.getByRole('option', { name: 'Acme Electronics' });
    await expect(option).toBeInViewport();
    await option.tap();

    await expect(page).toHaveURL(/[?&]company=\d+/);
    await expect(picker).toHaveValue('Acme Electronics');
    await expect(page.getByRole('link', { name: 'Sensor hub SH-10' })).toBeVisible();
    // The URL names the company by id; its name comes back from the server.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Electronics');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
