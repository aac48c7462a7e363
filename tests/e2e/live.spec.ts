import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from './support/accounts';
import { postFailingReport } from './support/jig';
import { expect, openSignedIn, test } from './support/test';

/**
 * Live results: a report a jig posts through the real API shows on the open screen
 * without a reload, with the "New results" cue. The delay from the post to the row on screen is
 * measured in the page (a MutationObserver, same clock as the test) and printed.
 */
const PROJECT = 'Motor controller MC-200';
const BATCH = 'MC-200 lot 2409';

const devicesTable = (page: Page) => page.getByRole('table', { name: 'Devices' });
const cue = (page: Page) => page.getByRole('status').filter({ hasText: 'New results' });

async function openBatch(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectId = Number(/\/projects\/(\d+)/.exec(page.url())![1]);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Production batches' }).click();
  await page.getByRole('table', { name: 'Production batches' }).getByRole('link', { name: BATCH }).click();
  await expect(page).toHaveURL(/\/productionbatches\/\d+$/);
  const batchId = Number(/\/productionbatches\/(\d+)/.exec(page.url())![1]);
  return { projectId, batchId };
}

/** Marks the page: a reload or a navigation away would lose the mark. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 42));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark);

/** Records, in the page, when each watched serial first appears in the devices table. */
async function watchSerials(page: Page, serials: string[]) {
  await page.evaluate((watched) => {
    const w = window as unknown as { seenAt: Record<string, number> };
    w.seenAt = {};
    const look = () => {
      const text = document.querySelector('table')?.textContent ?? '';
      for (const serial of watched) if (!(serial in w.seenAt) && text.includes(serial)) w.seenAt[serial] = Date.now();
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, serials);
}

const seenAt = (page: Page, serial: string) =>
  page.evaluate((s) => (window as unknown as { seenAt: Record<string, number> }).seenAt[s], serial);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test.describe('live results', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN);
  });

  test('a jig report appears in the open devices table without a reload, with the cue', async ({ page, baseURL }) => {
    const { projectId, batchId } = await openBatch(page);
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}(/devices)?$`));
    await expect(devicesTable(page).locator('tbody tr').first()).toBeVisible();
    await expect(cue(page)).toHaveCount(0);
    await markPage(page);

    const runs = 5;
    const serials = Array.from({ length: runs }, (_, i) => `LIVE-${Date.now().toString(36).toUpperCase()}-${i}`);
    await watchSerials(page, serials);
    const delays: number[] = [];
    for (const serial of serials) {
      const posted = Date.now();
      await postFailingReport(baseURL!, { projectId, batchId, serial });
      // Newest first (the table's default sort): the new board leads the table.
      await expect(devicesTable(page).locator('tbody tr').first()).toContainText(serial, { timeout: 5_000 });
      const seen = await seenAt(page, serial);
      delays.push(seen - posted);
      await expect(cue(page)).toBeVisible();
      // Apart by more than the one-refresh-a-second coalescing, so each run measures alone. The
      // refresh that showed this row started before the row was seen (same clock as the test):
      // 1.2 s from then is enough, however long the checks above took.
      await page.waitForTimeout(Math.max(0, seen + 1_200 - Date.now()));
    }
    expect(await stillMarked(page)).toBe(42);
    console.log(`live update delay, post → row visible (ms): ${delays.join(', ')}; median ${median(delays)}`);
    expect(median(delays)).toBeLessThan(3_000);
  });

  test('the batch page and the dashboard refresh themselves, with the cue', async ({ page, baseURL }) => {
    const { projectId, batchId } = await openBatch(page);
    await expect(devicesTable(page).locator('tbody tr').first()).toBeVisible();
    await markPage(page);
    const serial = `LIVE-B-${Date.now().toString(36).toUpperCase()}`;
    await postFailingReport(baseURL!, { projectId, batchId, serial });
    await expect(devicesTable(page).getByRole('link', { name: serial })).toBeVisible();
    await expect(cue(page)).toBeVisible();
    expect(await stillMarked(page)).toBe(42);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const runs = page.getByText(/^[\d,]+ test runs$/);
    await expect(runs).toBeVisible();
    const before = Number((await runs.innerText()).replace(/\D/g, ''));
    await markPage(page);
    await postFailingReport(baseURL!, { projectId, batchId, serial: `${serial}-D` });
    await expect(runs).toHaveText(`${(before + 1).toLocaleString('en-US')} test runs`);
    await expect(cue(page)).toBeVisible();
    expect(await stillMarked(page)).toBe(42);
  });
});
