import { DEMO_OPERATOR } from './support/accounts';
import { expect, openSignedIn, searchTable, test } from './support/test';

/**
 * An operator keeps the fixture on the floor: on the company's cassette, a bay's cartridge shows
 * its contact cycles; recording that it was cleaned sets its cycles since cleaning back to 0.
 */
test('an operator records a cleaning on the line cassette, and the bay shows 0 cycles since cleaning', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_OPERATOR, '/cassettes');
  await searchTable(page, 'CAS-ACME-001');
  await page.getByRole('link', { name: /CAS-ACME-001/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Cassette CAS-ACME-001' })).toBeVisible();

  const bay = page.getByText('CR-HD80-0001', { exact: true }).locator('xpath=ancestor::span[contains(@class,"flex-col")][1]');
  // The worn demo cartridge: near the end of its probe life, and cycles since its last cleaning.
  await expect(bay).toContainText(/Cycles: (Due soon|Overdue)/);
  await expect(bay).toContainText(/of probe life/);
  await expect(bay).not.toContainText(/· 0 since cleaning/);

  await bay.getByRole('button', { name: 'Record maintenance of CR-HD80-0001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record maintenance of CR-HD80-0001' });
  await dialog.getByLabel('Maintenance').selectOption('cleaned');
  await dialog.getByLabel('Notes').fill('Brushed the probes after the shift');
  await dialog.getByRole('button', { name: 'Record maintenance' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cleaned recorded for cartridge “CR-HD80-0001”.')).toBeVisible();
  // Without a reload: the bay reads the new figures.
  await expect(bay).toContainText(/· 0 since cleaning/);
  // Its probes are as worn as before: cleaning does not give life back.
  await expect(bay).toContainText(/Cycles: (Due soon|Overdue)/);
});
