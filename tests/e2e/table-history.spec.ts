import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

const PROJECT = 'Motor controller MC-200';

test('Back undoes a table’s last filter, then its sort; a reload keeps them all', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);

  const table = page.getByRole('table', { name: 'Devices' });
  const serialHead = table.getByRole('columnheader', { name: 'Serial' });
  const serials = () => table.locator('tbody tr').locator('td:first-child').allInnerTexts();
  const firstSerial = async () => (await serials())[0];
  // The rows of the previous order stay until the new page arrives: wait until the rows shown
  // are in the order asked for, never read the first row right after the click.
  const shownInOrder = async (direction: 'ascending' | 'descending') => {
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(async () => {
      const shown = await serials();
      const sorted = [...shown].sort();
      if (direction === 'descending') sorted.reverse();
      return shown.length > 1 && sorted.join('\n') === shown.join('\n');
    }).toBe(true);
  };
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // Serial ascending, then descending: two steps.
  await serialHead.getByRole('button').click();
  await expect(serialHead).toHaveAttribute('aria-sort', 'ascending');
  await shownInOrder('ascending');
  const ascendingFirst = await firstSerial();
  await serialHead.getByRole('button').click();
  await expect(serialHead).toHaveAttribute('aria-sort', 'descending');
  await shownInOrder('descending');
  expect(await firstSerial()).not.toBe(ascendingFirst);

  // Then a status filter: a third step.
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);

  // A reload keeps the sort and the filter.
  await page.reload();
  await expect(page).toHaveURL(/sortby=serial&sortdesc=true.*status=failed|status=failed.*sortby=serial&sortdesc=true/);
  await expect(serialHead).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');

  // Back: the filter goes, the descending sort stays.
  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  await expect(serialHead).toHaveAttribute('aria-sort', 'descending');

  // Back again: the sort before it, ascending, with the rows in that order.
  await page.goBack();
  await expect(serialHead).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sortdesc=false/);
  await shownInOrder('ascending');
  expect(await firstSerial()).toBe(ascendingFirst);

  // Forward redoes it.
  await page.goForward();
  await expect(serialHead).toHaveAttribute('aria-sort', 'descending');
});
