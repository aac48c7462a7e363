import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, searchTable, test } from './support/test';

/**
 * The platform's catalogue of AMS modules and the cassettes that hold them: a superadmin adds a
 * module, puts it in a new cassette's slot, and a reload shows it there.
 */

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Types into an async select and picks the option. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, search: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
  return box;
}

test('a superadmin adds an AMS module, puts it in a new cassette’s slot, and a reload shows it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const moduleName = `E2E DMM ${stamp}`;
  const serial = `CAS-E2E-${stamp}`;

  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'AMS modules' }).click();
  await expect(page).toHaveURL(/\/manage\/amsmodules$/);
  // The demo's modules are there.
  await expect(rowOf(page, 'Scope-4ch-200M')).toBeVisible();

  await page.getByRole('button', { name: 'New AMS module' }).click();
  const moduleDialog = page.getByRole('dialog', { name: 'New AMS module' });
  // A refusal lands on its field and keeps what was typed.
  await moduleDialog.getByLabel('Name').fill(moduleName);
  await moduleDialog.getByRole('button', { name: 'Create AMS module' }).click();
  await expect(moduleDialog.getByText('AMS type is required.')).toBeVisible();
  await moduleDialog.getByLabel('AMS type').selectOption('dmm');
  await moduleDialog.getByRole('button', { name: 'Create AMS module' }).click();
  await expect(moduleDialog).toBeHidden();
  await expect(rowOf(page, moduleName)).toBeVisible();

  // The family filter lives in the URL.
  await page.getByLabel('AMS type').selectOption('psu');
  await expect(page).toHaveURL(/ams_type=psu/);
  await expect(rowOf(page, 'PSU-2x30V')).toBeVisible();
  await expect(rowOf(page, moduleName)).toHaveCount(0);

  await page.goto('/manage/cassettes');
  await expect(rowOf(page, 'CAS-ACME-001')).toBeVisible();
  await page.getByRole('button', { name: 'New cassette' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cassette' });
  await dialog.getByLabel('Serial').fill(serial);
  await dialog.getByLabel('Name', { exact: true }).fill('E2E cassette');
  await pick(page, dialog, 'Company', 'acme', 'Acme Electronics');
  await dialog.getByLabel('Module slots').fill('3');
  await expect(dialog.getByRole('combobox', { name: /^Slot \d$/ })).toHaveCount(3);
  await pick(page, dialog, 'Slot 2', stamp, new RegExp(moduleName));
  await dialog.getByRole('button', { name: 'Create cassette' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('main').getByRole('searchbox').fill(serial);
  const row = rowOf(page, serial);
  await expect(row).toContainText('1 of 3 slots');
  await expect(row).toContainText(`2: ${moduleName} (DMM)`);

  await page.reload();
  await expect(rowOf(page, serial)).toContainText(`2: ${moduleName} (DMM)`);
  await rowOf(page, serial).getByRole('button', { name: `Edit cassette ${serial}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit cassette' });
  await expect(edit.getByRole('combobox', { name: 'Slot 2' })).toHaveValue(`${moduleName} (DMM)`);
  await expect(edit.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Electronics');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The module is in a slot now: its delete is refused, with the reason in the dialog.
  await page.goto('/manage/amsmodules');
  await searchTable(page, stamp);
  await rowOf(page, moduleName).getByRole('button', { name: `Delete AMS module “${moduleName}”` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete AMS module “${moduleName}”?` });
  await confirm.getByRole('button', { name: 'Delete AMS module' }).click();
  await expect(confirm.getByText(`AMS module “${moduleName}” still holds 1 cassette; take it out of their slots first.`)).toBeVisible();
});
