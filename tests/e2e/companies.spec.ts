import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, searchTable, test } from './support/test';

/** A superadmin edits a company from the companies list: rename, change its type, a taken name refused. */
test('a superadmin renames a company and changes its type from the list', async ({ page, baseURL }) => {
  const stamp = Date.now().toString(36);
  const name = `E2E Edit Co ${stamp}`;
  const login = await fetch(`${baseURL}/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(E2E_ADMIN) });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const created = await fetch(`${baseURL}/v1/companies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `${token.type} ${token.token}` },
    body: JSON.stringify({ name, type: 'customer' }),
  });
  expect(created.status).toBe(201);

  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/companies');
  await searchTable(page, stamp);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Customer');
  await row.getByRole('button', { name: `Edit ${name}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Edit company' });
  // A name another company has: refused on the field, the dialog and what was typed stay.
  await dialog.getByLabel('Name').fill('acme electronics');
  await dialog.getByLabel('Type').selectOption({ label: 'Manufacturer' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Type')).toHaveValue('manufacturer');

  await dialog.getByLabel('Name').fill(`${name} renamed`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Changes to “${name} renamed” saved.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const renamed = page.getByRole('row').filter({ hasText: `${name} renamed` });
  await expect(renamed).toContainText('Manufacturer');
});
