import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/** Unique per run, so a rerun against the same server never meets its own earlier tokens. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const meAs = (request: APIRequestContext, token: string) => request.get('/v1/users/me', { headers: { authorization: `Bearer ${token}` } });

test('a company admin creates a service token, sees it once, and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ADMIN, '/users');
  await expect(page.getByRole('heading', { name: 'Service tokens' })).toBeVisible();

  const name = `MES bridge ${unique()}`;
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').selectOption({ label: 'Operator' });
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const created = page.getByRole('dialog', { name: `Token “${name}” created` });
  await expect(created.getByText('it is shown this once', { exact: false })).toBeVisible();
  const token = await created.getByRole('textbox', { name: 'Service token' }).inputValue();
  expect(token).toMatch(/^jbt_\d+_[\w-]{43}$/);
  await created.getByRole('button', { name: 'Copy service token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'service-token-created.png') });
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The API takes it like a login, with the role given.
  const me = await meAs(page.request, token);
  expect(me.status()).toBe(200);
  expect((await me.json()).data.roles.map((r: { slug: string }) => r.slug)).toEqual(['operator']);

  // Listed, active, and never shown again.
  const table = page.getByRole('table', { name: 'Service tokens' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Operator');
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(token);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'service-tokens-1280.png'), fullPage: true });

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Revoke this token?' }));
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await meAs(page.request, token)).status()).toBe(401);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Service tokens' })).toBeVisible();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'service-tokens-390.png'), fullPage: true });
});
