import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

test('an empty form says what is required, and a create says it succeeded', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN, '/users/new');
  const form = page.locator('form');
  await form.getByLabel('Email').fill('   ');
  await form.getByRole('button', { name: /Create user/ }).click();

  // Required, not "not a valid address" or "needs at least 10 characters".
  await expect(form.getByText('Username is required.')).toBeVisible();
  await expect(form.getByText('Email is required.')).toBeVisible();
  await expect(form.getByText('Password is required.')).toBeVisible();
  await expect(form.getByText('Email is not a valid address.')).toHaveCount(0);

  const username = `msg-${Date.now().toString(36)}`;
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await form.getByLabel('Confirm password').fill('a-long-password-1');
  await form.getByRole('checkbox', { name: 'Operator' }).check();
  await form.getByRole('button', { name: /Create user/ }).click();

  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole('status').getByText(`User “${username}” created.`)).toBeVisible();
});
