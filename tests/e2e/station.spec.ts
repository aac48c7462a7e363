import path from 'node:path';
import { DEMO_OPERATOR } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { ATTEMPT_LIMIT, JIG_NAME, TABLET, heading, postRun, prepare, resultAt, scan, watchResult, type Setup } from './support/station';
import { PHONE_VIEWPORT } from './support/viewports';
import { expect, openSignedIn, test } from './support/test';

/**
 * The operator's station at a 10" tablet, against the real server: pick the jig, scan a board,
 * the jig posts its run as jigs do, and the station shows it live: PASS clears itself; FAIL shows
 * its steps, Retest until the profile's attempt limit, then Send to repair with a reason. The
 * time from the post to the result on the screen is measured (the same clock on both sides:
 * `performance.timeOrigin + performance.now()`) and printed.
 */
test.use({ viewport: TABLET });

/** Screenshots for people to look at, beside the suite's other results. */
const shot = (name: string) => path.join(process.cwd(), 'test-results', name);

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
