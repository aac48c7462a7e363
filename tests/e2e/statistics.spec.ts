import type { Download, Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

async function textOf(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

/** A chart's numbers as the table under it shows them: header and rows, cell by cell. */
async function tableOf(card: Locator): Promise<string[][]> {
  await card.getByText('Show the numbers').click();
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  const header = (await table.locator('thead th').allInnerTexts()).map((s) => s.trim());
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) rows.push((await row.locator('th, td').allInnerTexts()).map((s) => s.trim()));
  return [header, ...rows];
}

const chart = (page: Page, title: string) => page.getByRole('region', { name: title });

test.describe('statistics people can act on', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statistics' }).click();
    await expect(page).toHaveURL(/\/statistics$/);
  });

  test('first-, second- and last-pass yield show, in order, with what they mean and in the chart’s numbers', async ({ page }) => {
    const figures = page.getByRole('region', { name: 'Yield by attempt' });
    const percent = async (label: string) => {
      const tile = figures.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('..');
      // The pass yields come from a call of their own and show "…" until it answers.
      await expect(tile).toContainText('%');
      const text = await tile.innerText();
      return Number(/(\d+(?:\.\d)?)\s*%/.exec(text)![1]);
    };
    const [first, second, last] = [await percent('First-pass yield'), await percent('Second-pass yield'), await percent('Last-pass yield')];
    // Passing by the second attempt includes passing at the first.
    expect(second).toBeGreaterThanOrEqual(first);
    expect(last).toBeGreaterThan(0);
    await expect(figures.getByText('Over a date range: the boards first tested in it')).toBeVisible();
    const table = await tableOf(chart(page, 'Pass rate over time'));
    expect(table[0]).toEqual(expect.arrayContaining(['First-pass yield', 'Second-pass yield', 'Last-pass yield']));
  });

  test('a chart’s numbers, once shown, take the grid’s whole row, so no column hides at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const card = chart(page, 'First-pass yield per batch');
    const beside = chart(page, 'First-pass yield per project');
    await expect(card.getByRole('img').or(card.locator('svg')).first()).toBeVisible();
    const closed = (await card.boundingBox())!;
    expect(closed.width).toBeLessThan(700); // beside the project's card, half the row
    await card.getByText('Show the numbers').click();
    const table = card.getByRole('table');
    await expect(table).toBeVisible();
    const open = (await card.boundingBox())!;
    const other = (await beside.boundingBox())!;
    expect(open.width).toBeGreaterThan(closed.width * 1.8);
    expect(open.y).toBeGreaterThan(other.y); // on a row of its own
    const scroller = table.locator('..');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('a chart’s CSV holds exactly its table, and a project’s row opens the project', async ({ page }) => {
    const card = chart(page, 'First-pass yield per project');
    const table = await tableOf(card);
    expect(table.length).toBeGreaterThan(2);
    expect(table[0]).toEqual(expect.arrayContaining(['Project', 'First-pass yield', 'Passed first / tested']));

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^acme-electronics-first-pass-yield-per-project-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await textOf(download);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual(table);

    // The row names what it counts and goes there.
    await card.getByRole('table').getByRole('link', { name: 'Motor controller MC-200' }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motor controller MC-200' })).toBeVisible();
  });

  test('a failing step leads to the boards of a batch that failed it; a day to its own statistics', async ({ page }) => {
    await page.getByLabel('Failing step', { exact: true }).selectOption('VBUS current');
    await expect(page).toHaveURL(/[?&]step=VBUS(\+|%20)current/);
    const where = chart(page, 'Where “VBUS current” fails');
    const table = await tableOf(where);
    expect(table[0].slice(0, 4)).toEqual(['Batch', 'Failed “VBUS current”', 'Test runs', 'Share of runs']);
    const worst = table[1][0];
    const failures = Number(table[1][1].replace(/,/g, ''));
    expect(failures).toBeGreaterThan(0);

    await where.getByRole('table').getByRole('link', { name: worst }).click();
    await expect(page).toHaveURL(/\/projects\/\d+\/devices\?batch=\d+&failing_step=VBUS(\+|%20)current$/);
    await expect(page.getByText('Failed step VBUS current in any test')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Devices' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Every board listed is of that batch; fewer boards than failing runs (some failed twice).
    const batches = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(batches.map((b) => b.trim()))).toEqual(new Set([worst]));
    const total = Number(/of ([\d,]+)/.exec(await page.getByText(/^\d+–\d+ of [\d,]+$/).innerText())![1].replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(failures);
    // The chip clears the filter.
    await page.getByRole('link', { name: 'Show boards of every step, not only those that failed VBUS current' }).click();
    await expect(page).not.toHaveURL(/failing_step/);

    // Back on the statistics, a day of the series narrows them to that day.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/statistics\?step=/);
    const series = chart(page, 'Pass rate over time');
    await series.getByText('Show the numbers').click();
    const day = series.getByRole('table').getByRole('link').last();
    await day.click();
    await expect(page).toHaveURL(/from=(\d{4}-\d{2}-\d{2})&to=\1/);
    await expect(chart(page, 'Pass rate over time')).toBeVisible();
  });
});
