import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { expect, openSignedIn, test } from './support/test';

/**
 * The worn cartridge, followed from the dashboard on the demo data: the fixture-health section
 * shows the jig with the most false fails, its view splits its runs by cartridge, and the worn
 * HD-80 (CR-HD80-0001, 96% of its probe life) opens its own view: its cycles, its false fails
 * over its contact cycles, the steps that failed on it and its maintenance.
 */
test('from the dashboard to the worn cartridge: the jig with most false fails, its cartridge split, the cartridge’s view', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/dashboard');
  const section = page.getByRole('region', { name: 'Fixture health' });
  const card = section.getByRole('region', { name: 'False fails per jig' });
  await card.getByText('Show the numbers').click();
  // Most false fails first: the jig whose cassette holds the worn cartridge.
  const first = card.getByRole('row').nth(1);
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/enclosures\/\d+\/health$/);

  const split = page.getByRole('region', { name: 'By cartridge' });
  await split.getByRole('link', { name: 'CR-HD80-0001' }).first().click();
  await expect(page).toHaveURL(/\/cartridges\/\d+\/health$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cartridge CR-HD80-0001' })).toBeVisible();
  await expect(page.getByTestId('cartridge-cycles')).toContainText('Cycles: Due soon');
  await expect(page.getByTestId('cartridge-cycles')).toContainText('96% of probe life');
  const trend = page.getByRole('region', { name: 'False fails over its contact cycles' });
  await trend.getByText('Show the numbers').click();
  await expect(trend.getByRole('row').nth(1)).toContainText('Cycles');
  const steps = page.getByRole('region', { name: 'Steps that fail on it' });
  await expect(steps.getByRole('row').filter({ hasText: /Hall sensor inputs|Encoder counts|Phase current offset/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Maintenance' })).toContainText('Cleaned');
  await page.screenshot({ path: testInfo.outputPath('cartridge-health-1280.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Cartridge CR-HD80-0001' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('cartridge-health-390.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test('each bay of a company cassette opens its cartridge’s fixture health', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/cassettes');
  await page.getByRole('link', { name: /CAS-ACME-001/ }).first().click();
  await page.getByRole('link', { name: 'Fixture health of CR-HD80-0001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cartridge CR-HD80-0001' })).toBeVisible();
});
