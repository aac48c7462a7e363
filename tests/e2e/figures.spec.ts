import type { Locator, Page } from '@playwright/test';
import { PERCENT_DIGITS } from '../../contract/figures';
import { DEMO_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Numbers that agree, on the demo data: every percentage a batch screen shows is the
 * two counts shown beside it, divided and rounded as docs/architecture.md "Figures" defines (PERCENT_DIGITS
 * decimals, Intl's rounding), on the batches list and on a batch's page alike.
 */
const PROJECT = 'Motor controller MC-200';
const BATCH = 'MC-200 lot 2407';

/** `1,989` → 1989, whatever the grouping character. */
const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The percentage the browser shows for part/whole, rounded as the app rounds. */
const shown = (page: Page, part: number, whole: number) =>
  page.evaluate(
    ([p, w, digits]) => new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(p / w),
    [part, whole, PERCENT_DIGITS] as const,
  );

/** A figure as the screen shows it: its percentage, and the "<part> of <whole>" beside it. */
async function figureOf(text: string) {
  const percent = /(\d[\d.,\s]*%)/.exec(text)?.[1]?.replace(/\s/g, '');
  const of = /([\d.,\s\u202f]+) of ([\d.,\s\u202f]+)/.exec(text);
  expect(percent, `a percentage in "${text}"`).toBeTruthy();
  expect(of, `"<part> of <whole>" in "${text}"`).toBeTruthy();
  return { percent: percent!, part: count(of![1]), whole: count(of![2]) };
}

async function openBatches(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: PROJECT }).click();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Production batches' }).click();
  await expect(page).toHaveURL(/\/productionbatches$/);
  return page.getByRole('table', { name: 'Production batches' });
}

const tile = (page: Page, label: string): Locator =>
  page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`, 'i') }).locator('..');

/** A tile's figure once it has loaded: the pass yields come from a call of their own and show "…" until then. */
async function loadedFigureOf(figure: Locator) {
  await expect(figure).toContainText('%');
  return figureOf(await figure.innerText());
}

test.describe('batch figures agree with the counts beside them', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN);
  });

  test('on the batches list and on a batch’s page', async ({ page }) => {
    const table = await openBatches(page);
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const yieldColumn = headers.findIndex((h) => /^Yield/.test(h));
    const firstPassColumn = headers.findIndex((h) => /^First-pass yield/.test(h));
    expect(yieldColumn).toBeGreaterThan(-1);
    expect(firstPassColumn).toBeGreaterThan(-1);

    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const listed = new Map<string, { yield: Awaited<ReturnType<typeof figureOf>>; firstPass: Awaited<ReturnType<typeof figureOf>> }>();
    for (const row of await rows.all()) {
      const cells = row.locator('td');
      const name = (await cells.nth(0).innerText()).trim();
      const y = await figureOf(await cells.nth(yieldColumn).innerText());
      const fp = await figureOf(await cells.nth(firstPassColumn).innerText());
      expect(y.percent, `${name}: yield`).toBe(await shown(page, y.part, y.whole));
      expect(fp.percent, `${name}: first-pass yield`).toBe(await shown(page, fp.part, fp.whole));
      // One denominator: the tested boards.
      expect(fp.whole, `${name}: both yields divide by the tested boards`).toBe(y.whole);
      listed.set(name, { yield: y, firstPass: fp });
    }
    expect(listed.has(BATCH)).toBe(true);

    await table.getByRole('link', { name: BATCH }).click();
    await expect(page.getByRole('heading', { level: 2, name: BATCH })).toBeVisible();
    const pageYield = await loadedFigureOf(tile(page, 'Yield'));
    const pageFirstPass = await loadedFigureOf(tile(page, 'First-pass yield'));
    expect(pageYield.percent).toBe(await shown(page, pageYield.part, pageYield.whole));
    expect(pageFirstPass.percent).toBe(await shown(page, pageFirstPass.part, pageFirstPass.whole));
    // The page and the list say the same thing.
    expect(pageYield).toEqual(listed.get(BATCH)!.yield);
    expect(pageFirstPass).toEqual(listed.get(BATCH)!.firstPass);
    // The tested boards of the yield are the bar's tested boards.
    const bar = page.getByRole('progressbar', { name: 'Tested of planned' });
    expect(count((await bar.getAttribute('aria-valuetext'))!.split(' of ')[0])).toBe(pageYield.whole);
    // And its passed boards are the breakdown's passed and released boards.
    const breakdown = page.locator('dl[aria-label="Devices by status"]');
    const status = async (term: string) =>
      count(await breakdown.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd').innerText());
    expect((await status('Passed')) + (await status('Released'))).toBe(pageYield.part);
  });
});
