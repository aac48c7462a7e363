import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ENGINEER } from './support/accounts';
import { DEMO_RUN_PROJECT_ID, postDemoJigRun } from './support/demo-jig-runs';
import { tableProblems } from './support/table-fit';
import { expect, openSignedIn, test } from './support/test';

/**
 * Trying new limits as the demo's engineer: a profile of its own with five boards run on the demo
 * jig (values known), limits proposed on the screen, the replay's yield, escapes and new fails as
 * counted by hand, the flipping boards linking to their pages, and the proposal published as a
 * new draft that says why it was made.
 */

type Step = Parameters<typeof postDemoJigRun>[1]['steps'][number];
const vout = (value: number, pass: boolean): Step => ({ name: 'vout', value, unit: 'V', low: 3.2, high: 3.4, pass });
const ripple = (value: number): Step => ({ name: 'ripple', value, unit: 'mV', low: null, high: 50, pass: true });

async function api(request: APIRequestContext) {
  const login = await request.post('/v1/login', { data: { username: DEMO_ENGINEER.username, password: DEMO_ENGINEER.password } });
  const { data } = (await login.json()) as { data: { type: string; token: string } };
  return { authorization: `${data.type} ${data.token}` };
}

/** A draft profile of MC-200 with two limited steps, and five boards of it run on the demo jig. */
async function prepare(request: APIRequestContext, name: string, stamp: string): Promise<number> {
  const headers = await api(request);
  const created = await request.post(`/v1/projects/${DEMO_RUN_PROJECT_ID}/testprofiles`, { headers, data: { name, version: '1' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  for (const step of [{ name: 'vout', low: 3.2, high: 3.4, unit: 'V' }, { name: 'ripple', low: null, high: 50, unit: 'mV' }]) {
    expect((await request.post(`/v1/testprofiles/${id}/testconfigurations`, { headers, data: step })).status()).toBe(201);
  }
  const batches = (await (await request.get(`/v1/projects/${DEMO_RUN_PROJECT_ID}/productionbatches?limit=1`, { headers })).json()) as { data: { id: number }[] };
  const runs: [string, Step[]][] = [
    ['1', [vout(3.3, true), ripple(20)]], // passes either way
    ['2', [vout(3.45, false), ripple(20)]], // escape: 3.45 within 3.1–3.5
    ['3', [vout(3.15, false), ripple(20)]], // escape
    ['4', [vout(3.38, true), ripple(30)]], // passes either way
    ['5', [vout(3.3, true), ripple(45)]], // new fail: 45 above 40
  ];
  for (const [i, [n, steps]] of runs.entries()) {
    const finished = new Date(Date.now() - (10 - i) * 60_000);
    await postDemoJigRun(request, { batchId: batches.data[0].id, serial: `WI-${stamp}-${n}`, finished, steps, profile: { name, version: '1' } });
  }
  return id;
}

const limit = (page: Page, which: 'low' | 'high', step: string) => page.getByRole('textbox', { name: `New ${which} limit of ${step}` });

test('an engineer tries new limits, sees the boards that flip, and publishes them as a draft with the reason', async ({ page }, testInfo) => {
  const stamp = Date.now().toString(36);
  const name = `What-if ${stamp}`;
  const profileId = await prepare(page.request, name, stamp);
  await openSignedIn(page, DEMO_ENGINEER, `/testprofiles/${profileId}`);
  await page.getByRole('link', { name: 'Try new limits' }).click();
  await expect(page).toHaveURL(new RegExp(`/testprofiles/${profileId}/what-if$`));
  await expect(page.getByRole('heading', { name: 'Try new limits' })).toBeVisible();

  // Prefilled with the current limits; nothing changed is nothing to replay.
  await expect(limit(page, 'low', 'vout')).toHaveValue('3.2');
  await expect(limit(page, 'high', 'ripple')).toHaveValue('50');
  // Beside each step its Cpk now, to see where new limits are worth trying; the history can be one jig's.
  const proposal = page.getByRole('table', { name: 'Proposed limits' });
  await expect(proposal.getByRole('columnheader')).toHaveText(['Step', 'Limits now', 'Cpk now', 'New low', 'New high', 'Unit']);
  await expect(proposal.getByRole('row', { name: /^vout/ }).getByRole('cell').nth(2)).toHaveText(/^-?\d+\.\d\d (capable|low|alarm|limits may be too wide)$/);
  await expect(page.getByLabel('Jig')).toHaveValue('');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('Change the limits of at least one step to replay them.')).toBeVisible();
  // Low above high is refused on its row.
  await limit(page, 'low', 'vout').fill('3.6');
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('High must not be below low.')).toBeVisible();

  await limit(page, 'low', 'vout').fill('3.1');
  await limit(page, 'high', 'vout').fill('3.5');
  await limit(page, 'high', 'ripple').fill('40');
  await page.getByRole('button', { name: 'Replay' }).click();
  const results = page.getByRole('region', { name: 'What the new limits would have done' });
  // By hand: 3 of 5 first runs pass now; 4 of 5 would (boards 2 and 3 escape, board 5 fails).
  await expect(results.getByTestId('fpy')).toHaveText('60.0% → 80.0%');
  await expect(results.getByRole('term').filter({ hasText: 'Escapes' }).locator('..')).toContainText('2');
  await expect(results.getByRole('term').filter({ hasText: 'New fails' }).locator('..')).toContainText('1');
  const flips = results.getByRole('table', { name: 'Boards that flip' });
  await expect(flips.getByRole('row')).toHaveCount(4);
  await expect(flips.getByRole('row', { name: new RegExp(`WI-${stamp}-5`) })).toContainText('pass → fail');
  await expect(flips.getByRole('row', { name: new RegExp(`WI-${stamp}-3`) })).toContainText('fail → pass');
  await expect(flips.getByRole('link', { name: `WI-${stamp}-2` })).toHaveAttribute('href', /\/projects\/1\?device=\d+$/);

  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    if (width === 1280) expect(await tableProblems(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`what-if-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // An edit makes the answer stale: it goes until replayed again.
  await limit(page, 'high', 'ripple').fill('41');
  await expect(results).toBeHidden();
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(results.getByTestId('fpy')).toHaveText('60.0% → 80.0%');

  await page.getByRole('button', { name: 'Publish as new draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish as new draft' });
  await expect(dialog.getByLabel('Version of the draft')).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Publish draft' }).click();
  await expect(dialog.getByText('Reason is required.')).toBeVisible();
  const reason = 'Probe change moved vout up; the ripple filter is fitted now.';
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Publish draft' }).click();

  await expect(page).toHaveURL(/\/testprofiles\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/testprofiles/${profileId}$`));
  await expect(page.getByRole('heading', { name: `${name} 2` })).toBeVisible();
  const why = page.getByRole('region', { name: 'Why this draft' });
  await expect(why.getByTestId('proposal-reason')).toHaveText(reason);
  await expect(why).toContainText('vout: 3.2 … 3.4 V → 3.1 … 3.5 V');
  await expect(why).toContainText('ripple: ≤ 50 mV → ≤ 41 mV');
  await expect(why).toContainText('2 escapes and 1 new fail.');
  await page.screenshot({ path: testInfo.outputPath('draft-1280.png'), fullPage: true });
});
