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
