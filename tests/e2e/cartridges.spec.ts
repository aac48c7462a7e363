import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Cartridges end to end against the demo data (server/seed/demo-cartridges.ts): the overdue
 * cartridge gets a calibration with a certificate and turns ok, in the list filtered by status
 * and on its own page.
 */

const OVERDUE = 'CR-MX64-0002';

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jigboard-e2e-cartridges-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('recording a calibration turns an overdue cartridge ok, in the filtered list and on its page', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Cartridges' }).click();
  await expect(page).toHaveURL(/\/manage\/cartridges$/);
  await expect(page.getByRole('heading', { name: 'Cartridges' })).toBeVisible();

  // Filter by status: the URL keeps it, and only the overdue one shows.
  await page.getByLabel('Calibration').selectOption('overdue');
  await expect(page).toHaveURL(/status=overdue/);
  await expect(rowOf(page, OVERDUE)).toHaveCount(1);
  await expect(rowOf(page, OVERDUE)).toContainText('Overdue');
  await expect(rowOf(page, 'CR-PB40-0001')).toHaveCount(0);

  await rowOf(page, OVERDUE).getByRole('link', { name: OVERDUE }).click();
  await expect(page).toHaveURL(/\/manage\/cartridges\/\d+/);
  await expect(page.getByRole('heading', { name: `Cartridge ${OVERDUE}` })).toBeVisible();
  await expect(page.getByText('Overdue').first()).toBeVisible();

  // Record a calibration with one measured value and a certificate.
  const certificate = path.join(dir, 'certificate.pdf');
  await writeFile(certificate, '%PDF-1.4\n% e2e certificate\n%%EOF\n');
  await page.getByRole('button', { name: 'Record calibration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record calibration' });
  await dialog.getByLabel('Calibrated on').fill(day(0));
  await dialog.getByLabel('Due on').fill(day(0)); // not after the calibration: refused on its field
  await dialog.getByRole('button', { name: 'Add value' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Output 12 V');
  await dialog.getByRole('textbox', { name: 'Value' }).fill('12.001');
  await dialog.getByRole('textbox', { name: 'Unit' }).fill('V');
  await dialog.getByLabel('Certificate').setInputFiles(certificate);
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog.getByText('Due date must be after the calibration date.')).toBeVisible();
  await dialog.getByLabel('Due on').fill(day(365));
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Calibration of “${OVERDUE}” recorded`);

  // The page follows: status ok, the new calibration on top with its value and certificate.
  await expect(page.getByText('Overdue')).toHaveCount(0);
  await expect(page.getByText('OK').first()).toBeVisible();
  const calibrations = page.getByRole('table', { name: 'Calibrations' });
  await expect(calibrations.getByRole('row').nth(1)).toContainText('Output 12 V');
  await expect(calibrations.getByRole('row').nth(1)).toContainText('certificate.pdf');

  // The list filtered by status agrees.
  await page.goto('/manage/cartridges?status=overdue');
  await expect(page.getByText('No cartridges match these filters.')).toBeVisible();
  await page.goto('/manage/cartridges?status=ok');
  await expect(rowOf(page, OVERDUE)).toHaveCount(1);
  await expect(rowOf(page, OVERDUE)).toContainText('OK');
});

test('"New cartridge" says on each field what is missing', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/cartridges');
  await page.getByRole('button', { name: 'New cartridge' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cartridge' });
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Serial is required.')).toBeVisible();
  await expect(dialog.getByText('Cartridge type is required.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the list shows each cartridge’s contact cycles and finds the worn ones', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/cartridges?cycle_status=due_soon');
  // The demo's worn HD-80 is near the end of its rated probe life.
  const worn = rowOf(page, 'CR-HD80-0001');
  await expect(worn).toHaveCount(1);
  await expect(worn).toContainText('Cycles: Due soon');
  await expect(worn).toContainText(/of probe life/);
  await page.goto('/manage/cartridges?cycle_status=ok');
  await expect(rowOf(page, 'CR-HD80-0001')).toHaveCount(0);
});
