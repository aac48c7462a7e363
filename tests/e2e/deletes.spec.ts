import type { Locator, Page } from '@playwright/test';
import { DEMO_ENGINEER } from './support/accounts';
import { postFailingReport } from './support/jig';
import { expect, openSignedIn, test } from './support/test';

/**
 * The one delete (CONTRIBUTING.md "Deletes") in the browser: the dialog names the thing, the
 * lists refresh without a reload, the server's refusal shows in the dialog, and a deleted draft
 * gives its boards back to the pool.
 */

const PROJECT = 'Motor controller MC-200';
const LOT = 'MC-200 lot 2409';
const SEARCH = 'MC2-2409-0';

const stamp = () => Date.now().toString(36);

async function openSection(page: Page, section: 'Production batches' | 'Release batches') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: PROJECT }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: section }).click();
}

const batchesTable = (page: Page) => page.getByRole('table', { name: 'Production batches' });
const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });

/** "New batch" → the new batch's page; then back to the list. */
async function newBatch(page: Page, name: string) {
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New batch' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Manufacturer').selectOption({ index: 1 });
  await dialog.getByLabel('Planned quantity').fill('50');
  await dialog.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

test.describe('deletes', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER);
  });

  test('deletes an empty production batch from the list and from its page; it is gone', async ({ page }) => {
    await openSection(page, 'Production batches');
    const fromList = `E2E typo lot ${stamp()}`;
    await newBatch(page, fromList);
    await page.getByRole('link', { name: 'All batches' }).click();
    await expect(rowOf(batchesTable(page), fromList)).toHaveCount(1);

    await rowOf(batchesTable(page), fromList).getByRole('button', { name: `Delete production batch “${fromList}”` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete production batch “${fromList}”?` });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete production batch' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/productionbatches$/);
    await expect(rowOf(batchesTable(page), fromList)).toHaveCount(0);

    // From its own page: the app leaves for the list, which no longer has it.
    const fromPage = `E2E dropped lot ${stamp()}`;
    await newBatch(page, fromPage);
    const batchUrl = page.url();
    const notFound: string[] = [];
    page.on('response', (r) => (r.status() === 404 ? notFound.push(r.url()) : undefined));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: `Delete production batch “${fromPage}”?` }).getByRole('button', { name: 'Delete production batch' }).click();
    await expect(page).toHaveURL(/\/productionbatches$/);
    await expect(batchesTable(page).getByRole('row').nth(1)).toBeVisible();
    await expect(rowOf(batchesTable(page), fromPage)).toHaveCount(0);
    // The page was left before its queries were dropped: nothing asked for the batch again.
    expect(notFound).toEqual([]);
    await page.goto(batchUrl);
    await expect(page.getByRole('heading', { level: 2, name: 'Batch not found' })).toBeVisible();
  });

  test('a batch that holds boards offers no delete, and says why and what to do', async ({ page }) => {
    await openSection(page, 'Production batches');
    const row = rowOf(batchesTable(page), LOT);
    // The Devices cell: its count, with the planned quantity on a line below.
    const boards = (await row.getByRole('cell').nth(3).locator('span').first().innerText()).trim();
    expect(Number(boards.replace(/,/g, ''))).toBeGreaterThan(0);
    const reason = `Holds ${boards} boards: move or correct them first.`;

    const inRow = row.getByRole('button', { name: `Delete production batch “${LOT}”` });
    await expect(inRow).toBeDisabled();
    await expect(inRow).toHaveAccessibleDescription(reason);
    await expect(inRow).toHaveAttribute('title', reason);

    // On its page the reason shows beside the disabled button.
    await row.getByRole('link', { name: LOT }).click();
    await expect(page.getByRole('heading', { level: 2, name: LOT })).toBeVisible();
    const onPage = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(onPage).toBeDisabled();
    await expect(onPage).toHaveAccessibleDescription(reason);
    await expect(page.getByText(reason)).toBeVisible();
  });

  test('a board that arrives while the dialog is open: the server refuses, and the dialog says why', async ({ page, baseURL }) => {
    await openSection(page, 'Production batches');
    const name = `E2E busy lot ${stamp()}`;
    await newBatch(page, name);
    const [, projectId, batchId] = /\/projects\/(\d+)\/productionbatches\/(\d+)/.exec(page.url())!.map(Number);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete production batch “${name}”?` });
    await postFailingReport(baseURL!, { projectId, batchId, serial: `E2E-BUSY-${stamp()}` });
    await confirm.getByRole('button', { name: 'Delete production batch' }).click();
    await expect(confirm.getByRole('alert')).toContainText(`Production batch “${name}” still holds 1 board; move or correct it first.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    // The page has caught up: the delete is no longer offered.
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    await expect(page.getByText('Holds 1 board: move or correct it first.')).toBeVisible();
  });

  test('deleting a draft release batch makes its boards pickable again', async ({ page }) => {
    await openSection(page, 'Release batches');
    const unreleased = page.getByRole('region', { name: 'Unreleased boards' });
    const newDraft = async (name: string) => {
      await page.getByRole('button', { name: 'New release batch' }).click();
      const dialog = page.getByRole('dialog', { name: 'New release batch' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Create and pick boards' }).click();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
      await unreleased.getByRole('searchbox', { name: 'Search serials' }).fill(SEARCH);
      await expect(page).toHaveURL(new RegExp(`search=${SEARCH}`));
    };
    const firstSerial = async () =>
      (await unreleased.getByRole('table', { name: 'Unreleased boards' }).locator('tbody tr td:nth-child(2)').first().innerText()).trim();

    // A draft takes a page of boards, saved.
    const draft = `E2E dropped shipment ${stamp()}`;
    await newDraft(draft);
    await expect(unreleased.getByRole('button', { name: 'Select this page' })).toBeVisible();
    const picked = await firstSerial();
    await unreleased.getByRole('button', { name: 'Select this page' }).click();
    const picks = page.getByRole('region', { name: 'Your picks' });
    await picks.getByRole('button', { name: 'Save and review' }).click();
    await expect(page.getByRole('region', { name: 'Review' }).getByText('Saved: 25 boards added.')).toBeVisible();

    // Deleted from the list, which says what happens to its boards.
    await page.getByRole('link', { name: 'All release batches' }).click();
    const table = page.getByRole('table', { name: 'Release batches' });
    await rowOf(table, draft).getByRole('button', { name: `Delete release batch “${draft}”` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete release batch “${draft}”?` });
    await expect(confirm).toContainText('Its 25 boards become pickable again.');
    await confirm.getByRole('button', { name: 'Delete release batch' }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(table, draft)).toHaveCount(0);

    // The next draft can pick the same boards.
    await newDraft(`E2E next shipment ${stamp()}`);
    await unreleased.getByRole('searchbox', { name: 'Search serials' }).fill(picked);
    await expect(unreleased.getByRole('checkbox', { name: `Pick ${picked}` })).toBeVisible();
    await unreleased.getByRole('checkbox', { name: `Pick ${picked}` }).check();
    await expect(picks).toContainText('1 board to add');
  });
});
