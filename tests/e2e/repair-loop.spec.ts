import { DEMO_OPERATOR } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { redSquarePng } from './support/png';
import { JIG_NAME, TABLET, heading, postRun, prepare, scan, type Setup } from './support/station';
import { expect, openSignedIn, test } from './support/test';

/**
 * A shift's repair loop at a 10" tablet, by one operator, against the real server: the board fails
 * at the station with one attempt allowed, goes to repair with a reason, is repaired with a photo
 * and a failure code, comes back to the station with a fresh attempt and passes; its history
 * holds all of it in order, and the failure-code Pareto counts the repair.
 */
test.use({ viewport: TABLET });

/** One of the demo company's failure codes (server/seed/demo-repairs.ts). */
const CODE = 'SOLDER-BRIDGE';
const CODE_LABEL = `${CODE} · Solder bridge between pins or pads`;

test.describe('the repair loop', () => {
  let setup: Setup;
  test.beforeEach(async ({ request }) => {
    setup = await prepare(request, 1);
  });
  test.afterEach(async ({ request }) => {
    await request.patch(`/v1/testprofiles/${setup.station.profile!.id}`, { headers: setup.headers, data: { attempt_limit: setup.limitBefore } });
  });

  test('fail → repair with a photo → retest passes; the history and the Pareto say so', async ({ page, request }) => {
    test.setTimeout(120_000);
    const serial = `E2E-LOOP-${Date.now().toString(36).toUpperCase()}`;
    const projectId = setup.station.project!.id;
    await openSignedIn(page, DEMO_OPERATOR, '/station');
    await page.getByRole('button', { name: new RegExp(JIG_NAME) }).click();

    // One attempt: the fail leaves no retest, only repair.
    await scan(page, serial);
    await expect(heading(page, 'Waiting for the run')).toBeVisible();
    await postRun(page, setup, serial, 'fail');
    await expect(heading(page, 'FAIL')).toBeVisible();
    await expect(page.getByRole('button', { name: /Retest/ })).toBeDisabled();
    await page.getByRole('button', { name: /Send to repair/ }).click();
    const send = page.getByRole('dialog', { name: `Send ${serial} to repair` });
    await send.getByRole('textbox').fill('VBUS current high');
    await send.getByRole('button', { name: /Send to repair/ }).click();
    await expect(heading(page, 'To repair')).toBeVisible();

    // At the repair bench: the project's queue, the board's record with its failing step.
    await page.goto(`/projects/${projectId}/repairs`);
    const queued = page.getByRole('row').filter({ hasText: serial });
    await expect(queued).toContainText('VBUS current high');
    await queued.getByRole('link', { name: serial }).click();
    await expect(page.getByRole('table', { name: /Failing steps/ }).getByRole('row').filter({ hasText: 'VBUS current' })).toContainText('0.31');
    await page.getByLabel('Failure code').selectOption({ label: CODE_LABEL });
    await page.getByLabel('Action taken').fill('Removed the bridge on U3');
    await page.getByLabel('Parts replaced').fill('U3');
    await page.getByLabel('Photo or file', { exact: true }).setInputFiles({ name: 'bridge.png', mimeType: 'image/png', buffer: redSquarePng() });
    await page.getByRole('button', { name: 'Record as repaired' }).click();
    const record = page.getByRole('region', { name: 'Repaired' });
    await expect(record).toContainText(CODE);
    await expect(record.getByRole('img', { name: new RegExp(`Photo of the repair of ${serial}`) })).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Back at the station: a fresh attempt, and the board passes.
    await page.goto('/station');
    await scan(page, serial);
    await expect(heading(page, 'Waiting for the run')).toBeVisible();
    await expect(page.getByLabel(`Board ${serial}`).getByText('0 of 1')).toBeVisible();
    await postRun(page, setup, serial, 'pass');
    await expect(heading(page, 'PASS')).toBeVisible();

    // Its history, oldest first: the scan, the failing run, the hand-off, the repair, the scan, the pass.
    const found = await request.get(`/v1/projects/${projectId}/devices?search=${serial}`, { headers: setup.headers });
    const deviceId: number = (await found.json()).data[0].id;
    await page.goto(`/projects/${projectId}?device=${deviceId}`);
    const history = page.getByRole('list', { name: `History of ${serial}, oldest first` }).getByRole('listitem');
    await expect(history).toHaveCount(6);
    const expected = [/Scanned/, /Test run[\s\S]*Fail/, /Sent to repair[\s\S]*VBUS current high/, new RegExp(`Repaired[\\s\\S]*${CODE}`), /Scanned/, /Test run[\s\S]*Pass/];
    for (const [i, text] of expected.entries()) await expect(history.nth(i)).toContainText(text);

    // The failure-code Pareto counts it.
    await page.goto(`/statistics?project=${projectId}`);
    const pareto = page.getByRole('region', { name: 'Failure codes (Pareto)' });
    await pareto.getByText('Show the numbers').click();
    await expect(pareto.getByRole('row').filter({ hasText: CODE })).toBeVisible();
  });
});
