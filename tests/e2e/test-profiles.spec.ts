import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Test profiles as an engineer of the demo's Acme: create a profile, add steps, upload
 * a file and download it byte for byte, add a typed variable, activate it (read-only after),
 * make a new version; and the step statistics of a demo profile with its hundreds of reports.
 * Each run stamps its own profile name, so reruns and other specs keep the demo's rows.
 */

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jigboard-e2e-profiles-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
});

test('an engineer creates a profile, adds steps, a file and a variable, activates it and makes a new version', async ({ page }) => {
  const name = `E2E profile ${Date.now().toString(36)}`;
  await page.goto('/projects/1/tests');
  await page.getByRole('button', { name: 'New profile' }).click();
  const create = page.getByRole('dialog', { name: 'New profile' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Version').fill('1.0');
  await create.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/testprofiles\/\d+$/);
  await expect(page.getByRole('heading', { name: `${name} 1.0` })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  const addStep = async (step: { name: string; fn?: string; low: string; high: string; unit?: string }) => {
    await page.getByRole('button', { name: 'Add step' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add step' });
    await dialog.getByLabel('Step name').fill(step.name);
    if (step.fn) await dialog.getByLabel('Test function').selectOption({ label: step.fn });
    await dialog.getByLabel('Low').fill(step.low);
    await dialog.getByLabel('High').fill(step.high);
    if (step.unit !== undefined) await dialog.getByLabel('Unit').fill(step.unit);
    await dialog.getByRole('button', { name: 'Add step' }).click();
    return dialog;
  };
  // Low above high is refused on its field, and the dialog keeps what was typed.
  const refused = await addStep({ name: '5V rail', low: '5.2', high: '4.8', unit: 'V' });
  await expect(refused.getByText('High must not be below low.')).toBeVisible();
  await refused.getByLabel('High').fill('5.15');
  await refused.getByLabel('Low').fill('4.85');
  await refused.getByRole('button', { name: 'Add step' }).click();
  await expect(refused).toBeHidden();
  // A function fills in its parameters.
  const second = await addStep({ name: '3V3 rail', fn: 'Rail voltage 3V3 (Measurement)', low: '3.2', high: '3.4', unit: 'V' });
  await expect(second).toBeHidden();
  const steps = page.getByRole('region', { name: /Steps/ });
  await expect(steps.getByRole('row').filter({ hasText: '3V3 rail' })).toContainText('Rail voltage 3V3');
  await expect(steps.getByRole('row').filter({ hasText: '3V3 rail' })).toContainText('Voltage = —');
  // Move it first.
  await steps.getByRole('button', { name: 'Move 3V3 rail up' }).click();
  await expect(steps.getByRole('row').nth(1)).toContainText('3V3 rail');

  // A file, uploaded with progress and downloaded byte for byte.
  const text = `limits for ${name}\n`.repeat(200);
  const file = path.join(dir, 'limits.txt');
  await writeFile(file, text);
  await page.getByRole('button', { name: 'Upload file' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload file' });
  await upload.getByLabel('Test file').setInputFiles(file);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'File “limits.txt” uploaded.' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download limits.txt' }).click()]);
  expect(download.suggestedFilename()).toBe('limits.txt');
  const saved = path.join(dir, 'downloaded.txt');
  await download.saveAs(saved);
  expect(await readFile(saved, 'utf8')).toBe(text);

  // A variable whose value must fit its type.
  await page.getByRole('button', { name: 'Add variable' }).click();
  const variable = page.getByRole('dialog', { name: 'Add variable' });
  await variable.getByLabel('Name').fill('retries');
  await variable.getByLabel('Type').selectOption('int');
  await variable.getByLabel('Value').fill('2.5');
  await variable.getByRole('button', { name: 'Add variable' }).click();
  await expect(variable.getByText('A whole-number variable takes a whole number.')).toBeVisible();
  await variable.getByLabel('Value').fill('3');
  await variable.getByRole('button', { name: 'Add variable' }).click();
  await expect(variable).toBeHidden();
  await expect(page.getByRole('region', { name: /Variables/ }).getByRole('row').filter({ hasText: 'retries' })).toContainText('3');

  // Activate: the demo's active MC-200 profile is archived, and this one is read-only.
  await page.getByRole('button', { name: 'Activate' }).click();
  const confirm = page.getByRole('dialog', { name: `Activate “${name}” 1.0?` });
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/is active, so it is read-only/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add step' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload file' })).toHaveCount(0);

  // New version: a draft with the same steps, file and variable.
  await page.getByRole('button', { name: 'New version' }).click();
  const copy = page.getByRole('dialog', { name: 'New version' });
  await expect(copy.getByLabel('Name')).toHaveValue(name);
  // The next version is proposed: one up from 1.0, the newest of this name.
  await expect(copy.getByLabel('Version')).toHaveValue('1.1');
  await expect(copy).toContainText('Proposed: one up from 1.0, the newest of this name.');
  await copy.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByRole('heading', { name: `${name} 1.1` })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Steps (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download limits.txt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add step' })).toBeVisible();

  // The project's list: the new active one first.
  await page.goto('/projects/1/tests');
  await expect(page.getByRole('row').nth(1)).toContainText(name);
  await expect(page.getByRole('row').nth(1)).toContainText('Active');
  // Drafts only (the status filter, in the URL), searched by name: the new version.
  await page.getByLabel('Status').selectOption({ label: 'Draft' });
  await expect(page).toHaveURL(/status=draft/);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('1.1');
});

test('a demo profile shows its step statistics, worst first, and a run chart with its limits', async ({ page }) => {
  await page.goto('/projects/2/tests');
  await page.getByRole('link', { name: 'SH-10 functional' }).first().click();
  await expect(page.getByRole('heading', { name: /SH-10 functional/ })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Step statistics' });
  await expect(stats.getByTestId('statistics-coverage')).toHaveText(/^All [\d,]+ runs of version 2\.1 /);
  const rows = stats.getByRole('table', { name: 'Step statistics' }).getByRole('row');
  await expect(rows.nth(1).getByText(/alarm|low/).first()).toBeVisible();
  await stats.getByRole('button', { name: 'Charts of 1V8 rail' }).click();
  const chart = stats.getByRole('img', { name: 'Run chart of 1V8 rail' });
  await expect(chart).toBeVisible();
  await expect(chart.getByText(/High 1\.85 V/)).toBeVisible();
  await expect(chart.getByText(/Low 1\.75 V/)).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the tests tab and a profile with its statistics never scroll sideways; a chosen step’s chart comes into view', async ({ page }) => {
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await page.goto('/projects/2/tests');
    await expect(page.getByRole('list', { name: 'Test profiles' }).getByRole('listitem').first()).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await page.getByRole('link', { name: 'SH-10 functional' }).first().click();
    const stats = page.getByRole('region', { name: 'Step statistics' });
    await expect(stats.getByRole('img', { name: /Run chart of/ })).toBeAttached();
    expect(await noSidewaysScroll()).toBe(true);
    await stats.getByRole('button', { name: 'Charts of RTC crystal' }).click();
    await expect(stats.getByRole('img', { name: /Histogram of RTC crystal/ })).toBeInViewport();
    await expect(stats.getByRole('img', { name: /Run chart of RTC crystal/ })).toBeAttached();
  });
});
