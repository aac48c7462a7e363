import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { postFailingReport } from './support/jig';
import { redSquarePng } from './support/png';
import { expect, openSignedIn, test, type Credentials } from './support/test';

/**
 * The repair loop in the browser against the real server: an admin keeps the failure codes; a
 * board that failed twice is sent to repair from its page, recorded as repaired with a photo and
 * a failure code, its history tells it all in order, and the failure-code Pareto counts it.
 */

const PROJECT_ID = 1;
const stamp = () => Date.now().toString(36).toUpperCase();

async function tokenOf(request: APIRequestContext, { username, password }: Credentials) {
  const answer = await request.post('/v1/login', { data: { username, password } });
  expect(answer.status(), `API login of ${username}`).toBe(200);
  const { data } = (await answer.json()) as { data: { type: string; token: string } };
  return { authorization: `${data.type} ${data.token}` };
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('an admin adds a failure code, archives it out of the repair form’s list, and restores it', async ({ page }) => {
  const code = `E2E-ARCH-${stamp()}`;
  await openSignedIn(page, DEMO_ADMIN, '/failure-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Failure codes' })).toBeVisible();

  await page.getByRole('button', { name: 'Add failure code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add failure code' });
  await dialog.getByLabel('Code').fill('HAS SPACE');
  await dialog.getByLabel('Description').fill('Wrongly named');
  await dialog.getByRole('button', { name: 'Add failure code' }).click();
  await expect(dialog.getByText('A code is letters, digits and - _ . / without spaces.')).toBeVisible();
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Add failure code' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, code)).toContainText('In use');

  await rowOf(page, code).getByRole('button', { name: `Archive ${code}` }).click();
  // Archived codes leave the list in use (the one the repair form offers)...
  await expect(rowOf(page, code)).toHaveCount(0);
  // ...and stay listed with them.
  await page.getByLabel('Show').selectOption({ label: 'In use and archived' });
  await expect(rowOf(page, code)).toContainText('Archived');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await rowOf(page, code).getByRole('button', { name: `Restore ${code}` }).click();
  await expect(rowOf(page, code)).toContainText('In use');
});

test('a board sent to repair is repaired with a photo and a code; its history and the Pareto say so', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const serial = `E2E-REP-${stamp()}`;
  const code = `E2E-BRIDGE-${stamp()}`;
  const admin = await tokenOf(request, DEMO_ADMIN);
  const created = await request.post('/v1/failure-codes', { headers: admin, data: { code, description: 'Solder bridge (e2e)' } });
  expect(created.status(), await created.text()).toBe(201);

  // The board fails twice at the jig.
  const batches = await request.get(`/v1/projects/${PROJECT_ID}/productionbatches?limit=1`, { headers: admin });
  const batchId: number = (await batches.json()).data[0].id;
  await postFailingReport(baseURL!, { projectId: PROJECT_ID, batchId, serial });
  await postFailingReport(baseURL!, { projectId: PROJECT_ID, batchId, serial });
  const found = await request.get(`/v1/projects/${PROJECT_ID}/devices?search=${serial}`, { headers: admin });
  const deviceId: number = (await found.json()).data[0].id;

  // An engineer sends it to repair from its page.
  // Signed in on the project (the panel, a modal sheet, hides the layout that says so), then its page.
  await openSignedIn(page, DEMO_ENGINEER, `/projects/${PROJECT_ID}/repairs`);
  await page.goto(`/projects/${PROJECT_ID}?device=${deviceId}`);
  const panel = page.getByRole('dialog', { name: serial });
  await panel.getByRole('button', { name: 'Send to repair' }).click();
  const send = page.getByRole('dialog', { name: `Send ${serial} to repair` });
  await send.getByRole('button', { name: 'Send to repair' }).click();
  await expect(send.getByText('Say why the board goes to repair.')).toBeVisible();
  await send.getByLabel('Reason').fill('VBUS current high twice');
  await send.getByRole('button', { name: 'Send to repair' }).click();
  await expect(send).toBeHidden();
  // Waiting now: no second send.
  await expect(panel.getByRole('link', { name: 'Sent to repair' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send to repair' })).toHaveCount(0);

  // The queue lists it; its record shows the failing steps.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Repairs' }).click();
  await expect(rowOf(page, serial)).toContainText('VBUS current high twice');
  await rowOf(page, serial).getByRole('link', { name: serial }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Repair of ${serial}` })).toBeVisible();
  // The run that sent it, step by step: measured against its limits.
  const failingStep = page.getByRole('table', { name: /Failing steps/ }).getByRole('row').filter({ hasText: 'VBUS current' });
  await expect(failingStep).toContainText('0.31');
  await expect(failingStep).toContainText('0.15');
  await expect(page.getByRole('heading', { name: 'Record the repair' })).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // A wrong part is refused on its field and nothing typed is lost.
  await page.getByLabel('Failure code').selectOption({ label: `${code} · Solder bridge (e2e)` });
  await page.getByLabel('Action taken').fill('Removed the bridge between U3 pins 4 and 5');
  await page.getByLabel('Parts replaced').fill('r12, 3V3');
  await page.getByLabel('Photo or file', { exact: true }).setInputFiles({ name: 'bridge.png', mimeType: 'image/png', buffer: redSquarePng() });
  await page.getByRole('button', { name: 'Record as repaired' }).click();
  await expect(page.getByText('“3V3” is not a reference designator such as R12 or U3.')).toBeVisible();
  await expect(page.getByLabel('Action taken')).toHaveValue('Removed the bridge between U3 pins 4 and 5');
  await page.getByLabel('Parts replaced').fill('r12, u3');
  await page.getByRole('button', { name: 'Record as repaired' }).click();

  // The record: who, the code, the parts, and the photo drawn.
  const record = page.getByRole('region', { name: 'Repaired' });
  await expect(record).toContainText(DEMO_ENGINEER.username);
  await expect(record).toContainText(code);
  await expect(record.getByRole('list', { name: 'Parts replaced' })).toHaveText(/R12\s*U3/);
  const photo = record.getByRole('img', { name: new RegExp(`Photo of the repair of ${serial}`) });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);

  // The board's history, oldest first: two failing runs, the send, the repair.
  await page.goto(`/projects/${PROJECT_ID}?device=${deviceId}`);
  const history = page.getByRole('list', { name: `History of ${serial}, oldest first` }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText('Test run');
  await expect(history.nth(0)).toContainText('Fail');
  await expect(history.nth(1)).toContainText('Test run');
  await expect(history.nth(2)).toContainText('Sent to repair');
  await expect(history.nth(2)).toContainText('VBUS current high twice');
  await expect(history.nth(3)).toContainText('Repaired');
  await expect(history.nth(3)).toContainText(code);
  // Back out of repair: it may be sent again.
  await expect(page.getByRole('dialog', { name: serial }).getByRole('button', { name: 'Send to repair' })).toBeVisible();
  expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);

  // The failure-code Pareto counts the repair.
  await page.goto(`/statistics?project=${PROJECT_ID}`);
  const pareto = page.getByRole('region', { name: 'Failure codes (Pareto)' });
  await pareto.getByText('Show the numbers').click();
  await expect(pareto.getByRole('row').filter({ hasText: code })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Repairs' }).getByText('Waiting now')).toBeVisible();
  expect(await seriousAxeFindings(page, '#repairs')).toEqual([]);
});
