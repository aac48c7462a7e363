import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, searchTable, test } from './support/test';

/**
 * The devices table finds a board by any part of its serial (three characters or
 * more), in the database; one or two characters match the start (docs/architecture.md "Devices search").
 */
test('the devices table finds boards by a part in the middle of their serial', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'Motor controller MC-200' }).click();
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // Demo serials read MC2-2409-01234: "9-0123" sits in the middle of ten of them.
  // The rows are read once, not retried: only after the search's own rows are in.
  await searchTable(page, '9-0123');
  await expect(table.getByText('MC2-2409-01234', { exact: true })).toBeVisible();
  const note = page.getByRole('status').filter({ hasText: 'Serials that start with' });
  await expect(note).toBeHidden(); // three characters or more: it finds what it says
  const serials = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((s) => s.trim());
  expect(serials.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `MC2-2409-0123${i}`));

  // Case does not matter; two characters are a prefix: no serial starts with "09".
  await page.getByLabel('Search serials').fill('mc2-2407-0000');
  await expect(table.getByText('MC2-2407-00001', { exact: true })).toBeVisible();
  await page.getByLabel('Search serials').fill('09');
  await expect(page).toHaveURL(/[?&]search=09/);
  await expect(table.locator('tbody tr td:first-child')).toHaveCount(0);
  // Above the table, in words: why "09" finds nothing although serials hold it.
  await expect(note).toHaveText('Serials that start with “09”. Type 3 or more characters to search inside serials.');
  await expect(page.getByText('No serial starts with “09”.')).toBeVisible();
  await expect(page.getByText(/Nothing matches/)).toHaveCount(0);
});
