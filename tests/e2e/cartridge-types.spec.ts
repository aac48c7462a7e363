import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Cartridge types end to end: a superadmin creates a type, edits its connector pins as a table
 * of rows (add, change, remove; saved row by row, shown again after a reload), and uploads a
 * firmware version and downloads it byte for byte.
 */

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jigboard-e2e-cartridges-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Row `n` (from 1) of the pin table: its fieldset is named "Pin n". */
const pinRow = (page: Page, n: number) => page.getByRole('group', { name: `Pin ${n}`, exact: true });

async function pinValues(page: Page): Promise<string[]> {
  const rows = page.getByRole('group', { name: /^Pin \d+$/ });
  const count = await rows.count();
  const values: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const type = await row.getByLabel('Pin type').locator('option:checked').textContent();
    values.push(`${await row.getByLabel('Number').inputValue()} ${await row.getByLabel('Name').inputValue()} ${type}`);
  }
  return values;
}

async function newType(page: Page, name: string) {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/cartridgetypes');
  await expect(page.getByRole('heading', { name: 'Cartridge types' })).toBeVisible();
  // The demo's types are listed.
  await expect(page.getByRole('row').filter({ hasText: 'PB-40 Programming cartridge' })).toContainText('1.5.0');
  await page.getByRole('button', { name: 'New cartridge type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cartridge type' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/manage\/cartridgetypes\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a superadmin edits a cartridge type’s pins: adds, changes and removes rows, and a reload shows them', async ({ page }) => {
  const name = `E2E cartridge ${Date.now().toString(36)}`;
  await newType(page, name);

  const add = page.getByRole('button', { name: 'Add pin' });
  for (const [pinName, type] of [['GND', 'Ground'], ['VBUS', 'Power'], ['SWDIO', 'Digital']]) {
    await add.click();
    const n = await page.getByRole('group', { name: /^Pin \d+$/ }).count();
    await pinRow(page, n).getByLabel('Name').fill(pinName);
    await pinRow(page, n).getByLabel('Pin type').selectOption({ label: type });
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Cartridge type “${name}” saved.`);
  await page.reload();
  await expect.poll(() => pinValues(page)).toEqual(['1 GND Ground', '2 VBUS Power', '3 SWDIO Digital']);

  // Change one, remove one, add one; a number twice is refused on its row before anything is sent.
  await pinRow(page, 2).getByLabel('Name').fill('VBUS_5V');
  await page.getByRole('button', { name: 'Remove pin 3' }).click();
  await add.click();
  await pinRow(page, 3).getByLabel('Number').fill('1');
  await pinRow(page, 3).getByLabel('Name').fill('SWCLK');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(pinRow(page, 3).getByText('Pin 1 has this number already.')).toBeVisible();
  await pinRow(page, 3).getByLabel('Number').fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Cartridge type “${name}” saved.`);

  await page.reload();
  await expect.poll(() => pinValues(page)).toEqual(['1 GND Ground', '2 VBUS_5V Power', '4 SWCLK None']);
  await expect(page.getByText('3 connector pins')).toBeVisible();
});

test('a superadmin uploads a firmware version and downloads it byte for byte; a taken version is refused on its field', async ({ page }) => {
  const name = `E2E firmware ${Date.now().toString(36)}`;
  await newType(page, name);
  const data = randomBytes(512 * 1024 + 3);
  const file = path.join(dir, 'cartridge-fw.bin');
  await writeFile(file, data);

  const upload = async (version: string) => {
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
    await dialog.getByLabel('Version').fill(version);
    await dialog.getByLabel('Description').fill('First release');
    await dialog.getByLabel('Firmware').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    return dialog;
  };
  const dialog = await upload('1.0.0');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Firmware 1.0.0 of “${name}” uploaded.`);
  const row = page.getByRole('row').filter({ hasText: 'cartridge-fw.bin' });
  await expect(row).toContainText('1.0.0');
  await expect(row.getByTitle(`SHA-256 ${sha256(data)}`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download firmware 1.0.0' }).click()]);
  expect(download.suggestedFilename()).toBe('cartridge-fw.bin');
  const saved = path.join(dir, 'downloaded.bin');
  await download.saveAs(saved);
  expect((await readFile(saved)).equals(data)).toBe(true);

  const again = await upload('1.0.0');
  await expect(again.getByText('This cartridge type has firmware with this version already.')).toBeVisible();
  await expect(again.getByLabel('Version')).toHaveValue('1.0.0');
});

test('deleting a type with firmware is refused in the dialog; deleting its firmware first lets it go', async ({ page }) => {
  const name = `E2E doomed ${Date.now().toString(36)}`;
  await newType(page, name);
  const file = path.join(dir, 'doomed.bin');
  await writeFile(file, randomBytes(2048));
  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload firmware' });
  await upload.getByLabel('Version').fill('0.1');
  await upload.getByLabel('Firmware').setInputFiles(file);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete cartridge type “${name}”?` });
  await confirm.getByRole('button', { name: 'Delete cartridge type' }).click();
  await expect(confirm).toContainText(`Cartridge type “${name}” still holds 1 firmware version; delete or move it first.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete firmware version “0.1”' }).click();
  await page.getByRole('dialog', { name: 'Delete firmware version “0.1”?' }).getByRole('button', { name: 'Delete firmware version' }).click();
  await expect(page.getByText('No firmware uploaded yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: `Delete cartridge type “${name}”?` }).getByRole('button', { name: 'Delete cartridge type' }).click();
  await expect(page).toHaveURL(/\/manage\/cartridgetypes$/);
  await expect(page.getByRole('status')).toContainText(`Cartridge type “${name}” deleted.`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
