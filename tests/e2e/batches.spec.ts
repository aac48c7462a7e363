import { DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * "New batch" on a project with no manufacturer yet (the demo's LC-8, made from a request): the
 * dialog offers to add one over it, chooses it, and what was typed stays; the batch is created.
 */
test('New batch without a manufacturer adds one in place, and the batch is created', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'LED driver LC-8' }).click();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Production batches' }).click();

  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New batch' });
  await dialog.getByLabel('Name').fill('LC-8 pilot lot');
  await dialog.getByLabel('Planned quantity').fill('25');
  await expect(dialog).toContainText('This project has no manufacturers yet.');

  await dialog.getByRole('button', { name: 'Add a manufacturer' }).click();
  const adding = page.getByRole('dialog', { name: 'Add manufacturer' });
  await adding.getByLabel('Name').fill('Lumen Assembly GmbH');
  await adding.getByRole('button', { name: 'Add manufacturer' }).click();
  await expect(adding).toBeHidden();

  // Back in "New batch": the new manufacturer is chosen, the typed fields kept.
  await expect(dialog.getByLabel('Manufacturer')).toHaveValue(/^\d+$/);
  await expect(dialog.getByLabel('Manufacturer').locator('option:checked')).toHaveText('Lumen Assembly GmbH');
  await expect(dialog.getByLabel('Name')).toHaveValue('LC-8 pilot lot');
  await expect(dialog.getByLabel('Planned quantity')).toHaveValue('25');
  await expect(dialog).not.toContainText('no manufacturers yet');
  await dialog.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'LC-8 pilot lot' })).toBeVisible();
  await expect(page.getByText('Built by Lumen Assembly GmbH')).toBeVisible();
});
