import type { APIRequestContext } from '@playwright/test';
import { DEMO_ENGINEER, E2E_ADMIN } from './support/accounts';
import { contactStep, DEMO_RUN_PROJECT_ID, postDemoJigRun } from './support/demo-jig-runs';
import { expect, openSignedIn, test } from './support/test';

async function loginHeaders(request: APIRequestContext, who: { username: string; password: string }) {
  const answer = await request.post('/v1/login', { data: { username: who.username, password: who.password } });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { type: string; token: string } };
  return { authorization: `${data.type} ${data.token}` };
}

/**
 * An engineer adds a first-pass-yield rule on the project's Tests tab (the form refuses a window
 * too short, beside the field), ten boards fail their first run, a round of the evaluator runs
 * (the operations call, as the timer would a minute later), and the bell says so: its list names
 * the alert, what to look at and a link that opens the project's statistics; acknowledged, the
 * bell is empty again.
 */
test('an alert rule fires on a breach, rings the bell, and its notification leads to where to look', async ({ page, request }) => {
  test.setTimeout(90_000);
  const engineer = await loginHeaders(request, DEMO_ENGINEER);
  const admin = await loginHeaders(request, E2E_ADMIN);
  const batches = await request.get(`/v1/projects/${DEMO_RUN_PROJECT_ID}/productionbatches`, { headers: engineer });
  const batchId: number = (await batches.json()).data[0].id;
  let ruleId: number | undefined;
  try {
    await openSignedIn(page, DEMO_ENGINEER, `/projects/${DEMO_RUN_PROJECT_ID}/tests`);
    await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Alert rules' });
    await card.getByRole('button', { name: 'Add alert rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert rule' });
    await expect(dialog.getByLabel('Alert when')).toHaveValue('first_pass_yield_below');
    await dialog.getByLabel('Level').fill('0.9');
    await dialog.getByLabel('Boards').fill('5');
    await dialog.getByRole('button', { name: 'Add alert rule' }).click();
    await expect(dialog.getByText('Boards is at least 10.')).toBeVisible();
    await dialog.getByLabel('Boards').fill('10');
    await dialog.getByRole('button', { name: 'Add alert rule' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('cell', { name: /^First-pass yield below 90%/ })).toBeVisible();
    const rules = (await (await request.get(`/v1/projects/${DEMO_RUN_PROJECT_ID}/alert-rules`, { headers: engineer })).json()) as { data: { id: number; kind: string }[] };
    ruleId = rules.data.find((r) => r.kind === 'first_pass_yield_below')!.id;

    // Ten new boards, each failing its first run: the last ten boards' first-pass yield is 0%.
    const stamp = Date.now().toString(36).toUpperCase();
    for (let i = 0; i < 10; i++) {
      await postDemoJigRun(request, { batchId, serial: `E2E-ALERT-${stamp}-${i}`, finished: new Date(Date.now() - (10 - i) * 1000), steps: [contactStep('Probe contact', false)] });
    }
    // (The server's own timer may have judged it first: either way one occurrence is open.)
    const round = await request.post('/v1/manage/alerts/evaluate', { headers: admin });
    expect(round.status(), await round.text()).toBe(200);

    await page.reload();
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'first-pass yield 0% is below 90%' });
    await expect(row).toBeVisible();
    await expect(row.getByText('0 of the last 10 boards first tested passed their first run.')).toBeVisible();
    await expect(row.getByText('Firing')).toBeVisible();

    await row.getByRole('button', { name: /^Acknowledge:/ }).click();
    await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
    await expect(row.getByText('Acknowledged')).toBeVisible();

    await row.getByRole('link', { name: 'Look at it' }).click();
    await expect(page).toHaveURL(new RegExp(`/statistics\\?project=${DEMO_RUN_PROJECT_ID}$`));
    await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  } finally {
    if (ruleId) await request.delete(`/v1/alert-rules/${ruleId}`, { headers: engineer });
  }
});

/** Centre 10, σ 1.14: rule 4 at 16, 17 and 25, rule 1 at 26 and 27 (tests/api/run-rules.test.ts works them out). */
const SERIES = [9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, 9.5, 10.5, ...Array(8).fill(10.2), ...Array(8).fill(9.8), 14, 6];

/**
 * A project of its own (so the demo's active profile stays as it is) whose active profile's runs
 * break run rules: the alert names the newest broken point, and its link opens the profile's
 * statistics on that step with that point of the run chart marked.
 */
test('from a run-rule alert to the chart point that caused it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const engineer = await loginHeaders(request, DEMO_ENGINEER);
  const admin = await loginHeaders(request, E2E_ADMIN);
  const me = (await (await request.get('/v1/users/me', { headers: engineer })).json()) as { data: { company_id: number } };
  const created = await request.post('/v1/projects', { headers: admin, data: { company_id: me.data.company_id, name: `E2E alerts ${stamp}`, description: 'Run-rule alerts' } });
  expect(created.status(), await created.text()).toBe(201);
  const projectId: number = (await created.json()).data.id;
  const maker = await request.post(`/v1/projects/${projectId}/manufacturers`, { headers: engineer, data: { name: `Maker ${stamp}` } });
  expect(maker.status(), await maker.text()).toBe(201);
  const batch = await request.post(`/v1/projects/${projectId}/productionbatches`, { headers: engineer, data: { name: 'Lot 1', manufacturer_id: (await maker.json()).data.id, planned_quantity: 100 } });
  expect(batch.status(), await batch.text()).toBe(201);
  const batchId: number = (await batch.json()).data.id;
  const profile = await request.post(`/v1/projects/${projectId}/testprofiles`, { headers: engineer, data: { name: 'EOL', version: '1' } });
  expect(profile.status(), await profile.text()).toBe(201);
  const profileId: number = (await profile.json()).data.id;
  expect((await request.post(`/v1/testprofiles/${profileId}/testconfigurations`, { headers: engineer, data: { name: 'Rail', low: 5, high: 15, unit: 'V' } })).status()).toBe(201);
  const active = await request.post(`/v1/testprofiles/${profileId}/active`, { headers: engineer });
  expect(active.status(), await active.text()).toBe(200);

  const reports: number[] = [];
  const start = Date.now() - SERIES.length * 60_000;
  for (const [i, value] of SERIES.entries()) {
    const finished = new Date(start + i * 60_000);
    const steps = [{ name: 'Rail', value, unit: 'V', low: 5, high: 15, pass: true }];
    reports.push(await postDemoJigRun(request, { batchId, serial: `E2E-RRA-${stamp}-${i}`, finished, steps, projectId, profile: { name: 'EOL', version: '1' } }));
  }
  const rule = await request.post(`/v1/projects/${projectId}/alert-rules`, { headers: engineer, data: { kind: 'run_rule', params: { step: 'Rail' } } });
  expect(rule.status(), await rule.text()).toBe(201);
  const ruleId: number = (await rule.json()).data.id;
  try {
    expect((await request.post('/v1/manage/alerts/evaluate', { headers: admin })).status()).toBe(200);

    await openSignedIn(page, DEMO_ENGINEER, '/dashboard');
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    const row = page.getByRole('row').filter({ hasText: 'run rule 1 fired on “Rail”' });
    await expect(row).toBeVisible();
    await expect(row.getByText(`The point of report ${reports[27]}`)).toBeVisible();
    await row.getByRole('link', { name: 'Look at it' }).click();

    await expect(page).toHaveURL(new RegExp(`/testprofiles/${profileId}\\?step=Rail&point=${reports[27]}#statistics$`));
    const chart = page.getByRole('img', { name: 'Run chart of Rail' });
    const point = chart.locator(`[data-report-id="${reports[27]}"]`);
    await expect(point).toHaveAttribute('aria-current', 'true');
    await expect(point).toHaveAttribute('data-rules', '1');
    await expect(point).toBeInViewport();
    await expect(chart.locator('[aria-current="true"]')).toHaveCount(1);
  } finally {
    await request.delete(`/v1/alert-rules/${ruleId}`, { headers: engineer });
  }
});
