import path from 'node:path';
import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { expect, openSignedIn, test } from './support/test';

/**
 * A profile's step statistics over a scope: the sentence that says what the figures cover
 * follows the scope chosen (kept in the URL), the switch leaves failing runs out, and the chosen
 * step shows its histogram with limits and fitted curve above its run chart. `E2E_SHOTS` keeps
 * screenshots at 1280×800 and 390×844.
 */

const shot = async (page: import('@playwright/test').Page, name: string, fullPage = true) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, name), fullPage });
};

async function openProfile(page: import('@playwright/test').Page) {
  await openSignedIn(page, DEMO_ENGINEER, '/projects/2/tests');
  await page.getByRole('link', { name: 'SH-10 functional' }).first().click();
  await expect(page.getByRole('heading', { name: /SH-10 functional/ })).toBeVisible();
  return page.getByRole('region', { name: 'Step statistics' });
}

test('narrowing the scope changes what the figures say they cover; without failing runs; a step’s histogram', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const stats = await openProfile(page);
  const coverage = stats.getByTestId('statistics-coverage');
  await expect(coverage).toHaveText(/^All [\d,]+ runs of version 2\.1 (from|on) .*\d{4}, every batch and jig\.$/);
  const before = await coverage.textContent();
  const runsOf = (text: string | null) => Number(/All ([\d,]+) runs/.exec(text ?? '')?.[1].replace(/,/g, '') ?? 0);
  const table = stats.getByRole('table', { name: 'Step statistics' });
  await expect(table.getByRole('columnheader')).toHaveText(['Step', 'Cpk', 'Ppk', 'Runs', 'Pass rate', 'Mean', 'Std dev', 'Limits', 'Charts']);
  // Every column shows at a laptop's width: the table fits its card.
  expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth + 1)).toBe(true);
  // The worst step first, its level in words.
  await expect(table.getByRole('row').nth(1).getByText(/alarm|low/).first()).toBeVisible();
  await shot(page, 'step-statistics-1280.png');

  // One batch that ran this version (specs before this one in the worker may have added empty
  // batches): the sentence names it, and counts fewer runs.
  const batch = stats.getByLabel('Batch');
  await expect(batch.locator('option')).not.toHaveCount(1);
  const options = await batch.locator('option').count();
  let lot = '';
  let narrowed: string | null = null;
  for (let index = 1; index < options && runsOf(narrowed) === 0; index++) {
    lot = (await batch.locator('option').nth(index).textContent())!;
    await batch.selectOption({ index });
    await expect(page).toHaveURL(/[?&]batch=\d+/);
    await expect(coverage).toContainText(`batch ${lot}, every jig.`);
    narrowed = await coverage.textContent();
  }
  expect(runsOf(narrowed)).toBeGreaterThan(0);
  expect(runsOf(narrowed)).toBeLessThanOrEqual(runsOf(before));

  // Every version of the name: the sentence lists them.
  await stats.getByLabel('Versions').selectOption('all');
  await expect(page).toHaveURL(/versions=all/);
  await expect(coverage).toContainText(/runs of versions [\d.]+(, [\d.]+)* and [\d.]+/);

  // Without failing runs: said beside the figures, and kept in the URL.
  const toggle = stats.getByRole('switch', { name: 'Without failing runs' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/runs=passing/);
  await expect(coverage).toContainText('Without failing runs: the figures count only the values of runs that passed.');

  // A step's histogram: bars, both limits, the fitted curve, an accessible description; its run chart below.
  await stats.getByRole('button', { name: 'Charts of 1V8 rail' }).click();
  await expect(page).toHaveURL(/step=1V8(%20|\+)rail/);
  const histogram = stats.getByRole('img', { name: 'Histogram of 1V8 rail' });
  await expect(histogram).toBeVisible();
  await expect(histogram.getByText(/High 1\.85 V/)).toBeVisible();
  await expect(histogram.getByText(/Low 1\.75 V/)).toBeVisible();
  await expect(histogram.locator('[data-series="bars"] rect').first()).toBeAttached();
  await expect(histogram.locator('[data-series="fit"]')).toBeAttached();
  await expect(histogram.locator('desc')).toHaveText(/values in \d+ bars from .* outside the limits; the fitted normal has mean/);
  await expect(stats.getByRole('img', { name: 'Run chart of 1V8 rail' })).toBeVisible();
  await shot(page, 'step-statistics-histogram-1280.png');
  expect(await seriousAxeFindings(page, '#statistics')).toEqual([]);
  if (process.env.E2E_SHOTS) await stats.screenshot({ path: path.join(process.env.E2E_SHOTS, 'step-statistics-section-1280.png') });

  // A reload keeps the whole view.
  await page.reload();
  await expect(stats.getByRole('switch', { name: 'Without failing runs' })).toHaveAttribute('aria-checked', 'true');
  await expect(stats.getByRole('img', { name: 'Histogram of 1V8 rail' })).toBeVisible();
  await expect(stats.getByTestId('statistics-coverage')).toContainText(`batch ${lot}`);

  // Days: from a day on, said in the sentence; cleared again, all history.
  const since = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const spoken = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${since}T00:00:00Z`));
  await stats.getByLabel('From', { exact: true }).fill(since);
  await expect(page).toHaveURL(new RegExp(`from=${since}`));
  await expect(stats.getByTestId('statistics-coverage')).toContainText(`since ${spoken}, batch ${lot}`);
  await stats.getByLabel('From', { exact: true }).fill('');
  await expect(page).not.toHaveURL(/from=/);
  await expect(stats.getByTestId('statistics-coverage')).not.toContainText('since');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the scope, the cards and a step’s histogram fit a phone', async ({ page }) => {
    const stats = await openProfile(page);
    await expect(stats.getByTestId('statistics-coverage')).toContainText('every batch and jig');
    await expect(stats.getByRole('list', { name: 'Step statistics' })).toBeVisible();
    await stats.getByRole('group', { name: 'Statistics scope' }).scrollIntoViewIfNeeded();
    await shot(page, 'step-statistics-390-scope.png', false);
    await stats.getByRole('button', { name: 'Charts of RTC crystal' }).click();
    await expect(stats.getByRole('img', { name: 'Histogram of RTC crystal' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'step-statistics-390-histogram.png', false);
  });
});
