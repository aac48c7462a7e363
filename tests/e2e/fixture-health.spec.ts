import type { APIRequestContext } from '@playwright/test';
import { DEMO_JIGS } from '../../server/seed/demo-production';
import { contactStep, postDemoJigRun } from './support/demo-jig-runs';
import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { showNumbers } from './support/chart-numbers';
import { expect, openSignedIn, test } from './support/test';

/**
 * From the dashboard to a jig's fixture health: a board fails a step at a demo jig and passes its
 * next run with no repair between (a false fail, made through the jig API as a jig would); the
 * dashboard's fixture-health section counts it at that jig, and one click opens the jig's view,
 * where the step it failed shows with its false fail.
 */

const PROJECT_ID = 1;
const JIG = DEMO_JIGS[0];

const run = (request: APIRequestContext, batchId: number, serial: string, step: string, pass: boolean, finished: Date) =>
  postDemoJigRun(request, { batchId, serial, finished, steps: [{ name: '3V3 rail', value: 3.29, unit: 'V', low: 3.2, high: 3.4, pass: true }, contactStep(step, pass)] });

test('a false fail at a jig shows on the dashboard and one click opens the jig’s fixture health with its step', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const serial = `E2E-FF-${stamp}`;
  const step = `Probe contact ${stamp}`;
  const login = await request.post('/v1/login', { data: { username: DEMO_ENGINEER.username, password: DEMO_ENGINEER.password } });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const auth = { authorization: `${token.type} ${token.token}` };
  const batches = await request.get(`/v1/projects/${PROJECT_ID}/productionbatches`, { headers: auth });
  const batchId: number = (await batches.json()).data[0].id;
  const now = Date.now();
  await run(request, batchId, serial, step, false, new Date(now - 120_000));
  await run(request, batchId, serial, step, true, new Date(now - 60_000));

  const health = await request.get('/v1/statistics/fixture-health', { headers: auth });
  const { groups } = (await health.json()).data as { groups: { key: number; name: string; detail: string; false_fails: number }[] };
  const jig = groups.find((g) => g.detail === JIG.serial)!;
  expect(jig.false_fails).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, DEMO_ENGINEER, '/dashboard');
  const section = page.getByRole('region', { name: 'Fixture health' });
  await expect(section.getByRole('term').filter({ hasText: /^False fails$/ })).toBeVisible();
  const card = section.getByRole('region', { name: 'False fails per jig' });
  const row = card.getByRole('row').filter({ hasText: jig.name });
  await showNumbers(card, row);
  await expect(row).toContainText(String(jig.false_fails));
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await row.getByRole('link', { name: jig.name }).click();
  await expect(page).toHaveURL(new RegExp(`/enclosures/${jig.key}/health$`));
  await expect(page.getByRole('heading', { level: 1, name: `Fixture health of ${jig.name}` })).toBeVisible();
  await expect(page.getByTestId('fixture-verdict')).toContainText('passed on the board’s next run with no repair between');
  const stepRow = page.getByRole('region', { name: 'Steps that fail here' }).getByRole('row').filter({ hasText: step });
  // Failed once, and that fail was a false fail.
  await expect(stepRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(stepRow.getByRole('cell').nth(1)).toHaveText('1');
  await page.screenshot({ path: testInfo.outputPath('jig-health-1280.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stepRow).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('jig-health-390.png'), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'False fails per jig' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), fullPage: true });
});
