import { E2E_ADMIN } from './support/accounts';
import { expect, logIn, logOut, test } from './support/test';

test('a superadmin adds a company and a user, who then logs in and sees the company', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const company = `E2E Boards ${stamp}`;
  const user = { username: `e2e-user-${stamp}`, password: 'e2e-user-password-1' };

  await page.goto('/login');
  await logIn(page, E2E_ADMIN);

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

  // The new company's first user.
  await page.goto('/users/new');
  await page.getByLabel('Company').selectOption({ label: company });
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
