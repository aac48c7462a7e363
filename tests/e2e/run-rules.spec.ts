import type { APIRequestContext } from '@playwright/test';
import { DEMO_ENGINEER } from './support/accounts';
import { DEMO_RUN_PROJECT_ID, postDemoJigRun } from './support/demo-jig-runs';
import { expect, openSignedIn, test } from './support/test';

/**
 * Run rules as an engineer reads them: a profile of its own on the demo's MC-200, whose runs are
 * built to break rule 4 (eight in a row on one side) and rule 1 (beyond 3σ). A link to a point
 * opens the profile's statistics on that step with the point marked; the step's violations are
 * listed under its chart and each links to its point.
 */

/** Centre 10, σ 1.14: rule 4 at 16, 17 and 25, rule 1 at 26 and 27 (tests/api/run-rules.test.ts works them out). */
const SERIES = [9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, ...Array(8).fill(10.2), ...Array(8).fill(9.8), 14, 6];

async function setUp(request: APIRequestContext) {
  const stamp = Date.now().toString(36).toUpperCase();
  const login = await request.post('/v1/login', { data: { username: DEMO_ENGINEER.username, password: DEMO_ENGINEER.password } });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const headers = { authorization: `${token.type} ${token.token}` };
  const batchId: number = (await (await request.get(`/v1/projects/${DEMO_RUN_PROJECT_ID}/productionbatches`, { headers })).json()).data[0].id;
  const name = `E2E rules ${stamp}`;
  const created = await request.post(`/v1/projects/${DEMO_RUN_PROJECT_ID}/testprofiles`, { headers, data: { name, version: '1' } });
  expect(created.status(), await created.text()).toBe(201);
  const profileId: number = (await created.json()).data.id;
  const step = await request.post(`/v1/testprofiles/${profileId}/testconfigurations`, { headers, data: { name: 'Rail', low: 5, high: 15, unit: 'V' } });
  expect(step.status()).toBe(201);
  const reports: number[] = [];
  const start = Date.parse('2026-06-01T08:00:00Z');
  for (const [i, value] of SERIES.entries()) {
    const finished = new Date(start + i * 60_000);
    const steps = [{ name: 'Rail', value, unit: 'V', low: 5, high: 15, pass: true }];
    reports.push(await postDemoJigRun(request, { batchId, serial: `E2E-RR-${stamp}-${i}`, finished, steps, profile: { name, version: '1' } }));
  }
  return { profileId, reports, stamp };
}

const linkTo = (profileId: number, reportId: number) => `/testprofiles/${profileId}?step=Rail&point=${reportId}#statistics`;

test('a link to a chart point marks it, and a listed violation links to its own point', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { profileId, reports, stamp } = await setUp(request);
  await openSignedIn(page, DEMO_ENGINEER, linkTo(profileId, reports[17]));
  const card = page.getByRole('region', { name: 'Run chart of Rail' });
  const chart = card.getByRole('img', { name: 'Run chart of Rail' });
  const linked = chart.locator(`[data-report-id="${reports[17]}"]`);
  await expect(linked).toHaveAttribute('aria-current', 'true');
  await expect(linked).toHaveAttribute('data-rules', '4');
  await expect(linked).toBeInViewport();
  await expect(chart.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(chart.locator('[data-rules]')).toHaveCount(5);
  await expect(chart.locator(`[data-report-id="${reports[27]}"]`)).toHaveAttribute('data-rules', '1');

  const violations = card.getByRole('table', { name: 'Run-rule violations of Rail' });
  const rows = violations.getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('Rule 1: Beyond 3σ');
  await expect(rows.nth(1)).toContainText(`E2E-RR-${stamp}-27`);
  await expect(rows.nth(3)).toContainText('Rule 4: 8 on one side');
  await page.screenshot({ path: testInfo.outputPath('run-rules-1280.png'), fullPage: true });

  await rows.nth(1).getByRole('link', { name: /Show the point of/ }).click();
  await expect(page).toHaveURL(new RegExp(`point=${reports[27]}`));
  await expect(chart.locator(`[data-report-id="${reports[27]}"]`)).toHaveAttribute('aria-current', 'true');
  await expect(linked).not.toHaveAttribute('aria-current', 'true');
  await expect(chart.locator('[aria-current="true"]')).toHaveCount(1);
});

test('an engineer chooses the rules, and the chart flags by them', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { profileId, reports } = await setUp(request);
  await openSignedIn(page, DEMO_ENGINEER, linkTo(profileId, reports[27]));
  const chart = page.getByRole('img', { name: 'Run chart of Rail' });
  await expect(chart.locator('[data-rules]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Run rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run rules' });
  await expect(dialog.getByRole('checkbox', { name: '4: 8 on one side' })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('run-rules-dialog-1280.png') });
  await dialog.getByRole('checkbox', { name: '4: 8 on one side' }).uncheck();
  await dialog.getByRole('checkbox', { name: '5: 6 trending' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Run rules of “E2E rules')).toBeVisible();
  // Only the two beyond 3σ remain: the runs of eight on one side no longer count, and nothing trends for six.
  await expect(chart.locator('[data-rules]')).toHaveCount(2);
  await expect(chart.locator(`[data-report-id="${reports[26]}"]`)).toHaveAttribute('data-rules', '1');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the linked point is marked and the violations read as cards, without sideways scrolling', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { profileId, reports, stamp } = await setUp(request);
    await openSignedIn(page, DEMO_ENGINEER, linkTo(profileId, reports[25]));
    const chart = page.getByRole('img', { name: 'Run chart of Rail' });
    await expect(chart.locator(`[data-report-id="${reports[25]}"]`)).toHaveAttribute('aria-current', 'true');
    await expect(chart.locator(`[data-report-id="${reports[25]}"]`)).toBeInViewport();
    await expect(page.getByText(`E2E-RR-${stamp}-27`, { exact: true })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('run-rules-390.png'), fullPage: true });
  });
});
