import type { Page } from '@playwright/test';
import { DEMO_ENGINEER, DEMO_OPERATOR } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * A project's hardware: the demo's request-made project shows what the request chose;
 * the company's cassettes and configurations; an engineer edits a configuration.
 */

async function openHardware(page: Page, project: string) {
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: project }).click();
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Hardware' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/hardware$/);
}

test('a company user sees the request-made project’s hardware and the company’s cassettes', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_OPERATOR);
  await openHardware(page, 'LED driver LC-8');

  // What the request chose: its modules by slot, its cartridge by bay, its mapped groups as test resources.
  const slots = page.getByRole('list', { name: 'Configured module slots' });
  await expect(slots.getByRole('listitem').nth(0)).toContainText('DMM-6.5');
  await expect(slots.getByRole('listitem').nth(1)).toContainText('PSU-2x30V');
  await expect(page.getByRole('list', { name: 'Configured cartridge bays' }).getByRole('listitem').first()).toContainText('HD-80');
  const resources = page.getByRole('table', { name: 'Test resources' });
  await expect(resources.getByRole('row').filter({ hasText: 'GND (TP1)' })).toContainText('Request’s pad group');
  // It holds the configured modules by slot and the configured HD-80 in bay 1.
  await expect(page.getByRole('table', { name: 'Project cassettes' }).getByRole('row').filter({ hasText: 'CAS-ACME-001' })).toContainText('Matches');
  // The test functions its profiles may call, from the catalogue.
  await expect(page.getByRole('table', { name: 'Test functions' }).getByRole('row').nth(1)).toBeVisible();
  // An operator reads; the edits are the engineers' and admins'.
  await expect(page.getByRole('button', { name: 'Edit configuration' })).toHaveCount(0);

  // SH-10's spare cassette differs by slot and by bay, and says which.
  await openHardware(page, 'Sensor hub SH-10');
  const spare = page.getByRole('table', { name: 'Project cassettes' }).getByRole('row').filter({ hasText: 'CAS-ACME-002' });
  await expect(spare).toContainText('Differs');
  await expect(spare).toContainText('slots 1, 2 · bay 1');

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Cassettes' }).click();
  await expect(page).toHaveURL(/\/cassettes$/);
  await page.getByRole('table', { name: 'Cassettes' }).getByRole('link', { name: /CAS-ACME-001/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cassette CAS-ACME-001' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Module slots' })).toContainText('CAN-FD-2');
  await expect(page.getByRole('list', { name: 'Cartridge bays' })).toContainText(/OK|Due soon|Overdue/);
  await expect(page.getByRole('link', { name: 'Motor controller MC-200' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Configurations' }).click();
  const configurations = page.getByRole('table', { name: 'Configurations' });
  await expect(configurations.getByRole('row').filter({ hasText: 'Sensor hub SH-10' })).toContainText('Differs');
  await expect(configurations.getByRole('row').filter({ hasText: 'Motor controller MC-200' })).toContainText('Matches');
});

test('an engineer edits a project’s configuration: a refusal lands on its field, the save shows by slot', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
  await openHardware(page, 'Sensor hub SH-10');

  await page.getByRole('button', { name: 'Edit configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit configuration' });
  await dialog.getByLabel('Module slots').fill('99');
  await dialog.getByRole('button', { name: 'Save configuration' }).click();
  await expect(dialog.getByText('Module slots is at most 16.')).toBeVisible();
  await dialog.getByLabel('Module slots').fill('4');
  await dialog.getByLabel('Slot 3').selectOption({ label: 'CAN-FD-2 (CAN)' });
  await dialog.getByLabel('Notes').fill('CAN added for the sensor bus.');
  await dialog.getByRole('button', { name: 'Save configuration' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Configured module slots' }).getByRole('listitem').nth(2)).toContainText('CAN-FD-2');
  await expect(page.getByText('CAN added for the sensor bus.')).toBeVisible();
});

test('an engineer adds a test resource on a pin its resource type allows', async ({ page }) => {
  const name = `E2E sense ${Date.now().toString(36)}`;
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
  await openHardware(page, 'LED driver LC-8');
  await page.getByRole('button', { name: 'Add test resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add test resource' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Resource type').selectOption({ label: 'Voltage sense' });
  // Only pins of an allowed pin type are offered; one in use is shown but not choosable.
  const free = dialog.getByLabel('Connector pin').locator('option:not([disabled])');
  await expect(free.first()).toBeAttached();
  await dialog.getByLabel('Connector pin').selectOption((await free.first().getAttribute('value'))!);
  await dialog.getByRole('button', { name: 'Add test resource' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Test resources' }).getByRole('row').filter({ hasText: name })).toContainText('Voltage sense');
});
