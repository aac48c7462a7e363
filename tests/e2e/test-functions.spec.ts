import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/** The test function catalogue end to end: create with parameters, a refused row, edit, search, filter. */

async function openTestFunctions(page: Page) {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Test functions' }).click();
  await expect(page).toHaveURL(/\/manage\/testfunctions$/);
  await expect(page.getByRole('heading', { name: 'Test functions' })).toBeVisible();
}

const parameter = (page: Page, n: number) => page.getByRole('group', { name: `Parameter ${n}` });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a superadmin creates a test function with two parameters, edits it and finds it by search', async ({ page }) => {
  const name = `E2E rail check ${Date.now().toString(36)}`;
  await openTestFunctions(page);
  // The demo catalogue is there, by name.
  await expect(rowOf(page, 'Supply current')).toBeVisible();

  await page.getByRole('link', { name: 'New test function' }).click();
  await expect(page).toHaveURL(/\/manage\/testfunctions\/new$/);
  await page.getByLabel('Name', { exact: true }).first().fill(name);
  await page.getByLabel('Type').selectOption({ label: 'Measurement' });
  await page.getByLabel('Description').fill('Both rails after power-up.');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await parameter(page, 1).getByLabel('Name').fill('Rail 3V3');
  await parameter(page, 1).getByLabel('Unit').fill('V');
  await parameter(page, 1).getByLabel('Default low').fill('3.2');
  await parameter(page, 1).getByLabel('Default high').fill('3.4');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await parameter(page, 2).getByLabel('Name').fill('Rail 5V');
  await parameter(page, 2).getByLabel('Unit').fill('V');
  // The wrong way round: refused on the row's field, nothing typed is lost.
  await parameter(page, 2).getByLabel('Default low').fill('5.2');
  await parameter(page, 2).getByLabel('Default high').fill('4.8');
  await page.getByRole('button', { name: 'Create test function' }).click();
  await expect(parameter(page, 2).getByText('Default high must not be below default low.')).toBeVisible();
  await expect(parameter(page, 1).getByLabel('Default low')).toHaveValue('3.2');
  await expect(parameter(page, 2).getByLabel('Default low')).toHaveValue('5.2');
  await parameter(page, 2).getByLabel('Default low').fill('4.8');
  await parameter(page, 2).getByLabel('Default high').fill('5.2');
  await page.getByRole('button', { name: 'Create test function' }).click();

  await expect(page).toHaveURL(/\/manage\/testfunctions$/);
  await expect(page.getByText(`Test function “${name}” created.`)).toBeVisible();

  // Found by search, with its parameters in the row.
  await page.getByRole('searchbox').fill(name);
  await expect(page).toHaveURL(/search=/);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Rail 3V3');
  await expect(row).toContainText('3.2 … 3.4 V');
  await expect(row).toContainText('4.8 … 5.2 V');
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match

  // Edit: another type, one parameter fewer, a new limit.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/manage\/testfunctions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit test function' })).toBeVisible();
  await expect(parameter(page, 2).getByLabel('Name')).toHaveValue('Rail 5V');
  await page.getByLabel('Type').selectOption({ label: 'Functional' });
  await page.getByRole('button', { name: 'Remove parameter 2' }).click();
  await parameter(page, 1).getByLabel('Default high').fill('3.45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Changes to “${name}” saved.`)).toBeVisible();

  // The type filter lives in the URL and finds it among the functional ones only.
  await page.goto(`/manage/testfunctions?search=${encodeURIComponent(name)}`);
  const edited = rowOf(page, name);
  await expect(edited).toContainText('Functional');
  await expect(edited).toContainText('3.2 … 3.45 V');
  await expect(edited).not.toContainText('Rail 5V');
  await page.getByLabel('Type').selectOption({ label: 'Measurement' });
  await expect(page).toHaveURL(/type_id=\d+/);
  await expect(page.getByText(`Nothing matches “${name}”.`)).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Functional' });
  await expect(rowOf(page, name)).toHaveCount(1);
});
