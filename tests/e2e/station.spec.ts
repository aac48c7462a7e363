import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { JIG_SIGNATURE_HEADER } from '../../contract/jig';
import type { Station, StationJigChoice } from '../../contract/station';
import { DEMO_JIGS } from '../../server/seed/demo-production';
import { jigSignature } from '../../server/store/enclosures';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { PHONE_VIEWPORT } from './support/viewports';
import { expect, openSignedIn, test } from './support/test';

/**
 * The operator's station at a 10" tablet, against the real server: pick the jig, scan a board,
 * the jig posts its run as jigs do, and the station shows it live: PASS clears itself; FAIL shows
 * its steps, Retest until the profile's attempt limit, then Send to repair with a reason. The
 * time from the post to the result on the screen is measured (the same clock on both sides:
 * `performance.timeOrigin + performance.now()`) and printed.
 */
const TABLET = { width: 1024, height: 768 };
const JIG = DEMO_JIGS[0];
/** What Acme calls that jig (server/seed/demo-enclosure-settings.ts): the name a station shows. */
const JIG_NAME = 'EOL tester A';
const ATTEMPT_LIMIT = 2;

test.use({ viewport: TABLET });

/** Screenshots for people to look at, beside the suite's other results. */
const shot = (name: string) => path.join(process.cwd(), 'test-results', name);

type Setup = { jigId: number; station: Station; headers: Record<string, string>; limitBefore: number | null };

async function apiHeaders(request: APIRequestContext) {
  const answer = await request.post('/v1/login', { data: DEMO_ADMIN });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { type: string; token: string } };
  return { authorization: `${data.type} ${data.token}` };
}

/** The jig's station as the API says it, with the active profile's attempt limit set for the test. */
async function prepare(request: APIRequestContext, limit: number | null): Promise<Setup> {
  const headers = await apiHeaders(request);
  const jigs = (await (await request.get('/v1/stations', { headers })).json()) as { data: StationJigChoice[] };
  const jigId = jigs.data.find((j) => j.name === JIG_NAME)!.id;
  const read = async () => ((await (await request.get(`/v1/stations/${jigId}`, { headers })).json()) as { data: Station }).data;
  const before = await read();
  expect(before.profile, 'the jig has an active test profile').not.toBeNull();
  const patched = await request.patch(`/v1/testprofiles/${before.profile!.id}`, { headers, data: { attempt_limit: limit } });
  expect(patched.status(), await patched.text()).toBe(200);
  return { jigId, station: await read(), headers, limitBefore: before.profile!.attempt_limit };
}

/** The jig posts a run of `serial`, as a jig does (its signature, its project, batch and profile). */
async function postRun(page: Page, { station }: Setup, serial: string, result: 'pass' | 'fail'): Promise<number> {
  const finished = new Date();
  const postedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  const response = await page.request.post('/v1/jig/reports', {
    headers: { [JIG_SIGNATURE_HEADER]: jigSignature(JIG.serial, JIG.secret) },
    data: {
      uuid: randomUUID(),
      serial,
      project_id: station.project!.id,
      production_batch_id: station.production_batch?.id,
      test_profile: station.profile!.name,
      test_profile_version: station.profile!.version,
      result,
      started_at: new Date(finished.getTime() - 30_000).toISOString(),
      finished_at: finished.toISOString(),
      steps: [
        { name: '3V3 rail', value: 3.29, unit: 'V', low: 3.2, high: 3.4, pass: true },
        { name: 'VBUS current', value: result === 'pass' ? 0.11 : 0.31, unit: 'A', low: 0.08, high: 0.15, pass: result === 'pass' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return postedAt;
}

/** When the big result heading first showed, on the page's clock (watched from before the post). */
async function watchResult(page: Page, word: 'PASS' | 'FAIL') {
  await page.evaluate((w) => {
    const win = window as unknown as { resultAt?: number };
    delete win.resultAt;
    const look = () => {
      if (win.resultAt) return;
      if ([...document.querySelectorAll('h2')].some((h) => h.textContent === w)) win.resultAt = performance.timeOrigin + performance.now();
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, word);
}
const resultAt = (page: Page) => page.evaluate(() => (window as unknown as { resultAt?: number }).resultAt!);

const scanField = (page: Page) => page.getByRole('textbox', { name: /Serial/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function scan(page: Page, serial: string) {
  // The field holds the focus: a scanner only types, and ends with Enter.
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
}

test.describe('the station', () => {
  let setup: Setup;
  test.beforeEach(async ({ request }) => {
    setup = await prepare(request, ATTEMPT_LIMIT);
  });
  test.afterEach(async ({ request }) => {
    // The demo profile's policy as it was: other specs post runs of their own.
    await request.patch(`/v1/testprofiles/${setup.station.profile!.id}`, { headers: setup.headers, data: { attempt_limit: setup.limitBefore } });
  });

  test('scan → PASS that clears itself; scan → FAIL → Retest up to the limit → Send to repair', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openSignedIn(page, DEMO_OPERATOR, '/station');

    // The jig this station stands at, remembered by the browser.
    await page.getByRole('button', { name: new RegExp(JIG_NAME) }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(JIG_NAME) })).toBeVisible();
    await expect(page.getByText(`up to ${ATTEMPT_LIMIT} attempts per board`)).toBeVisible();
    await expect(heading(page, 'Ready')).toBeVisible();

    // A board that passes.
    const good = `E2E-ST-${Date.now()}-P`;
    await scan(page, good);
    await expect(heading(page, 'Waiting for the run')).toBeVisible();
    await expect(page.getByLabel(`Board ${good}`).getByText(`0 of ${ATTEMPT_LIMIT}`)).toBeVisible();
    await watchResult(page, 'PASS');
    const postedAt = await postRun(page, setup, good, 'pass');
    await expect(heading(page, 'PASS')).toBeVisible();
    const passMs = (await resultAt(page)) - postedAt;
    console.log(`station: a posted report to PASS on the screen in ${Math.round(passMs)} ms`);
    testInfo.annotations.push({ type: 'post-to-result', description: `${Math.round(passMs)} ms` });
    // It clears itself for the next board.
    await expect(heading(page, 'Ready')).toBeVisible({ timeout: 10_000 });

    // A board that fails: its steps in words, Retest until the limit.
    const bad = `E2E-ST-${Date.now()}-F`;
    await scan(page, bad);
    await expect(heading(page, 'Waiting for the run')).toBeVisible();
    await watchResult(page, 'FAIL');
    const failPostedAt = await postRun(page, setup, bad, 'fail');
    await expect(heading(page, 'FAIL')).toBeVisible();
    console.log(`station: a posted report to FAIL on the screen in ${Math.round((await resultAt(page)) - failPostedAt)} ms`);
    const steps = page.getByRole('table', { name: 'Failing steps' });
    await expect(steps.getByRole('row', { name: 'VBUS current 0.31 A 0.08 to 0.15 A' })).toBeVisible();
    await expect(page.getByLabel(`Board ${bad}`).getByText(`1 of ${ATTEMPT_LIMIT}`)).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('station-fail-tablet.png') });

    await page.getByRole('button', { name: /Retest/ }).click();
    await expect(heading(page, 'Waiting for the run')).toBeVisible();
    await postRun(page, setup, bad, 'fail');
    await expect(heading(page, 'FAIL')).toBeVisible();
    await expect(page.getByLabel(`Board ${bad}`).getByText(`${ATTEMPT_LIMIT} of ${ATTEMPT_LIMIT}`)).toBeVisible();
    // The attempts are used up: Retest is refused, saying why.
    await expect(page.getByRole('button', { name: /Retest/ })).toBeDisabled();
    await expect(page.getByText(`All ${ATTEMPT_LIMIT} attempts are used: the board goes to repair.`)).toBeVisible();

    // S sends it to repair, with a reason.
    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: `Send ${bad} to repair` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox').fill('VBUS current high twice');
    await dialog.getByRole('button', { name: /Send to repair/ }).click();
    await expect(heading(page, 'To repair')).toBeVisible();
    await expect(page.getByText('Reason: VBUS current high twice')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('station-handoff-tablet.png') });

    // The board waits for repair: scanned again, the station stops it.
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Ready')).toBeVisible();
    await scan(page, bad);
    await expect(heading(page, 'STOP')).toBeVisible();
    await expect(page.getByText(`Board ${bad} waits for repair.`)).toBeVisible();

    // At a phone's size the same station, nothing sideways.
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(heading(page, 'STOP')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('station-stop-phone.png'), fullPage: true });
  });

  test('the jig and the language are remembered on the browser; Change jig asks again', async ({ page }) => {
    await openSignedIn(page, DEMO_OPERATOR, '/station');
    await page.getByRole('button', { name: new RegExp(JIG_NAME) }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('heading', { name: 'Bereit', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(JIG_NAME) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bereit', exact: true })).toBeVisible();
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.screenshot({ path: shot('station-ready-phone-de.png'), fullPage: true });
    await page.getByRole('button', { name: 'Prüfvorrichtung wechseln' }).click();
    await expect(page.getByRole('heading', { name: 'An welcher Prüfvorrichtung stehen Sie?' })).toBeVisible();
  });
});
