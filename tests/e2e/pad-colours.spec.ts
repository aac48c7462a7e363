import type { APIRequestContext } from '@playwright/test';
import type { PadHealth } from '../../contract/pad-health';
import { DEMO_JIGS } from '../../server/seed/demo-production';
import { contactStep, postDemoJigRun } from './support/demo-jig-runs';
import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { showNumbers } from './support/chart-numbers';
import { expect, openSignedIn, test } from './support/test';

/**
 * The third click: from the dashboard's false fails per jig to the jig's fixture health, then
 * "Show on the board" to MC-200's board coloured by false-fail rate at that jig, where a red pad
 * opens its steps' figures, its cartridge pin and the boards that failed there. The false fails
 * are made through the jig API, on a step measuring the board's worst pad group at that jig, so
 * that group stays the worst (the darkest red) whatever the demo's own runs.
 */

const PROJECT_ID = 1;
const JIG = DEMO_JIGS[0];
const RED = '#b10026';

const run = (request: APIRequestContext, batchId: number, serial: string, step: string, pass: boolean, finished: Date) =>
  postDemoJigRun(request, { batchId, serial, finished, steps: [contactStep(step, pass)] });

test('a false-failing jig leads from the dashboard to the red pads of the board, their pin and the boards that failed there', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const login = await request.post('/v1/login', { data: { username: DEMO_ENGINEER.username, password: DEMO_ENGINEER.password } });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const auth = { authorization: `${token.type} ${token.token}` };
  const health = await request.get('/v1/statistics/fixture-health', { headers: auth });
  // The demo's runs make false fails at the jig already (its worn cartridge): the dashboard lists it.
  const jig = ((await health.json()).data.groups as { key: number; name: string; detail: string }[]).find((g) => g.detail === JIG.serial)!;
  const enclosureId = jig.key;

  // The worst pad group at the jig so far (or any measured one), and a step that measures it.
  const before = (await (await request.get(`/v1/projects/${PROJECT_ID}/pad-health?enclosure_id=${enclosureId}`, { headers: auth })).json()).data as PadHealth;
  const worst = [...before.pad_groups].sort((a, b) => (b.false_fail_rate ?? 0) - (a.false_fail_rate ?? 0))[0];
  const step = worst.steps[0];
  const batches = await request.get(`/v1/projects/${PROJECT_ID}/productionbatches`, { headers: auth });
  const batchId: number = (await batches.json()).data[0].id;
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [1, 2, 3].map((i) => `E2E-PAD-${stamp}-${i}`);
  const now = Date.now();
  for (const [i, serial] of serials.entries()) {
    await run(request, batchId, serial, step, false, new Date(now - 300_000 + i * 60_000));
    await run(request, batchId, serial, step, true, new Date(now - 270_000 + i * 60_000));
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/dashboard');
  // 1: the dashboard's false fails per jig, the jig's row.
  const card = page.getByRole('region', { name: 'False fails per jig' });
  const row = card.getByRole('row').filter({ hasText: jig.name });
  await showNumbers(card, row.getByRole('link', { name: jig.name }));
  await row.getByRole('link', { name: jig.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Fixture health of ${jig.name}` })).toBeVisible();
  // 2: the jig's fixture health, its project's board.
  const show = page.getByRole('link', { name: /Show on the board/ });
  await expect(show).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await show.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_ID}/hardware\\?pads=false_fails&jig=${enclosureId}$`));
  await expect(page.getByLabel('Colour by')).toHaveValue('false_fails');
  await expect(page.getByLabel('Jig', { exact: true })).toHaveValue(String(enclosureId));
  await expect(page.getByTestId('board-figures-summary')).toContainText('false fails');
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('No false fails');
  await expect(legend).toContainText('Not measured');

  // The worst groups are buttons too (the drawing's pads take a pointer only): the first opens a pad of the worst.
  await page.getByRole('list', { name: 'Worst pad groups' }).getByRole('button').first().click();
  await expect(page.getByTestId('pad-figures')).toContainText('runs failed a step measuring it');

  // 3: a red pad: its pin, its steps' figures and the boards that failed there, ours among them.
  const drawing = page.getByRole('img', { name: 'The project’s test pads' });
  const red = drawing.locator(`circle[fill="${RED}"]`);
  await expect(red.first()).toBeVisible();
  const count = await red.count();
  let found = false;
  for (let i = 0; i < count && !found; i++) {
    await red.nth(i).click();
    const boards = page.getByRole('list', { name: 'Boards that failed here' });
    await expect(page.getByTestId('pad-figures')).toBeVisible();
    found = (await boards.count()) > 0 && (await boards.getByRole('link', { name: serials[2] }).count()) > 0;
  }
  expect(found).toBe(true);
  const pad = page.getByRole('region', { name: /^Pad / });
  await expect(pad).toContainText(/Bay \d+ · .* · pin \d+/);
  await expect(pad.getByRole('list', { name: 'Steps measuring this pad' })).toContainText(step);
  await page.screenshot({ path: testInfo.outputPath('board-false-fails-1280.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pad).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('board-false-fails-390.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The board's link opens its panel among the project's devices.
  await pad.getByRole('link', { name: serials[2] }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_ID}\\?device=\\d+`));
});
