import { DEMO_ENGINEER } from './support/accounts';
import { apiHeaders, postRun, prepare } from './support/station';
import { expect, openSignedIn, test } from './support/test';

/**
 * Hold, without losing data: under the hold policy a jig that is not fit to test (its project
 * names a golden unit no one has tested on it) has its run stored but held, counted nowhere; an
 * engineer releases it from the project's tests tab and the batch's figures count it.
 */
test('a run of a jig that is not ready is held, then released by an engineer and counted', async ({ page, request }) => {
  const setup = await prepare(request, null);
  const headers = await apiHeaders(request);
  const projectId = setup.station.project!.id;
  const batchId = setup.station.production_batch!.id;
  const serial = `HELD-${Date.now()}`;
  const unit = await request.post(`/v1/projects/${projectId}/golden-units`, { headers, data: { serial: `GOLD-${Date.now()}`, kind: 'good' } });
  expect(unit.status(), await unit.text()).toBe(201);
  const counters = async () => ((await (await request.get(`/v1/productionbatches/${batchId}`, { headers })).json()) as { data: { tested_count: number; passed_count: number } }).data;
  try {
    expect((await request.put('/v1/fixture-policy', { headers, data: { policy: 'hold' } })).status()).toBe(200);
    const before = await counters();
    await page.goto('/');
    await postRun(page, setup, serial, 'pass');
    // Held: stored, counted nowhere.
    expect(await counters()).toMatchObject({ tested_count: before.tested_count, passed_count: before.passed_count });

    await openSignedIn(page, DEMO_ENGINEER, `/projects/${projectId}/tests`);
    const card = page.getByRole('region', { name: /Held runs/ });
    await expect(card.getByText(serial)).toBeVisible();
    await card.getByRole('button', { name: `Release the run of ${serial}` }).click();
    await expect(page.getByText('1 held run released: they count now.')).toBeVisible();
    await expect(page.getByRole('region', { name: /Held runs/ })).toHaveCount(0);
    expect(await counters()).toMatchObject({ tested_count: before.tested_count + 1, passed_count: before.passed_count + 1 });
  } finally {
    await request.put('/v1/fixture-policy', { headers, data: { policy: 'warn' } });
    await request.delete(`/v1/golden-units/${(await unit.json()).data.id}`, { headers });
  }
});

/** The golden window on the tests tab: a wrong value is refused in words and kept; a right one is saved and read back. */
test('an engineer sets how long a golden unit’s right answer keeps a jig ready', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  const projectId = 1;
  const was = ((await (await request.get(`/v1/projects/${projectId}/golden-window`, { headers })).json()) as { data: { window_hours: number } }).data.window_hours;
  try {
    await openSignedIn(page, DEMO_ENGINEER, `/projects/${projectId}/tests`);
    const field = page.getByLabel('Window (hours)');
    await expect(field).toHaveValue(String(was));
    await field.fill('0');
    await page.getByRole('button', { name: 'Save window' }).click();
    await expect(page.getByText('Window is at least 1 hour.')).toBeVisible();
    await expect(field).toHaveValue('0');
    await field.fill('48');
    await page.getByRole('button', { name: 'Save window' }).click();
    await expect(page.getByText('A right answer now keeps a jig ready for 48 hours.')).toBeVisible();
    expect(((await (await request.get(`/v1/projects/${projectId}/golden-window`, { headers })).json()) as { data: { window_hours: number } }).data.window_hours).toBe(48);
    await page.reload();
    await expect(page.getByLabel('Window (hours)')).toHaveValue('48');
  } finally {
    await request.put(`/v1/projects/${projectId}/golden-window`, { headers, data: { window_hours: was } });
  }
});
