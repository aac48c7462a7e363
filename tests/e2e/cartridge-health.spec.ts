import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { showNumbers } from './support/chart-numbers';
import { expect, openSignedIn, test } from './support/test';

/**
 * The worn cartridge, followed from the dashboard on the demo data: the fixture-health section
 * shows the jig with the most false fails, its view splits its runs by cartridge, and the worn
 * HD-80 (CR-HD80-0001, 96% of its probe life) opens its own view: its cycles, its false fails
 * over its contact cycles, the steps that failed on it and its maintenance; and its board, coloured
 * by false-fail rate at that cartridge, opens the worst pad: its pin, its steps, the boards that failed there.
 */
test('from the dashboard to the worn cartridge and the pads where it fails: the jig with most false fails, its cartridge split, the cartridge’s view, its board', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/dashboard');
  const section = page.getByRole('region', { name: 'Fixture health' });
  const card = section.getByRole('region', { name: 'False fails per jig' });
  // Most false fails first: the jig whose cassette holds the worn cartridge.
  const first = card.getByRole('row').nth(1);
  await showNumbers(card, first.getByRole('link'));
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/enclosures\/\d+\/health$/);

  const split = page.getByRole('region', { name: 'By cartridge' });
  await split.getByRole('link', { name: 'CR-HD80-0001' }).first().click();
  await expect(page).toHaveURL(/\/cartridges\/\d+\/health$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cartridge CR-HD80-0001' })).toBeVisible();
  // The demo seeds it at 96% of its probe life; specs before this one in the worker may have run
  // boards on its jig (each run a contact cycle), so it is at least that worn, and due.
  const cycles = page.getByTestId('cartridge-cycles');
  await expect(cycles).toContainText(/Cycles: (Due soon|Overdue)/);
  expect(Number(/(\d+)% of probe life/.exec((await cycles.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(96);
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
  // On to the pads where it fails: the project's board at this cartridge, coloured by false-fail rate.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: /Show on the board · Motor controller MC-200/ }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/hardware\?pads=false_fails&cartridge=\d+$/);
  await expect(page.getByLabel('Colour by')).toHaveValue('false_fails');
  // The worst pad group at this cartridge is one the worn probes serve: a step of theirs false-fails there.
  await page.getByRole('list', { name: 'Worst pad groups' }).getByRole('button').first().click();
  await expect(page.getByTestId('pad-figures')).toContainText('runs failed a step measuring it');
  const pad = page.getByRole('region', { name: /^Pad / });
  await expect(pad).toContainText(/Bay \d+ · .* · pin \d+/);
  await expect(pad.getByRole('list', { name: 'Steps measuring this pad' })).toContainText(/Hall sensor inputs|Encoder counts|Phase current offset/);
  await expect(pad.getByRole('list', { name: 'Boards that failed here' }).getByRole('link').first()).toBeVisible();
});

test('each bay of a company cassette opens its cartridge’s fixture health', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/cassettes');
  await page.getByRole('link', { name: /CAS-ACME-001/ }).first().click();
  await page.getByRole('link', { name: 'Fixture health of CR-HD80-0001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cartridge CR-HD80-0001' })).toBeVisible();
});
