import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Processing a project request in the browser against the real server: a new request
 * with two documents taken step by step to a project (with a reload in the middle that lands on
 * the same step), a test-point CSV with bad rows, and a rejected request reopened. Each test makes
 * its own stamped request, so reruns on one database do not clash and the demo's requests stay
 * as the other specs expect them.
 *
 * With E2E_SHOTS=<dir>, each step is also saved as a screenshot (desktop, and the process page
 * at phone width) for a person to look at.
 */

const SHOTS = process.env.E2E_SHOTS;
const PHONE = { width: 390, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string, { phone = false } = {}) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (!phone) return;
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

const stampOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The request list searched for one test's stamp: its request's row, once the search has narrowed the list to it. */
async function listRowOf(page: Page, stamp: string, projectname: string) {
  await page.goto('/manage/requests');
  await page.getByRole('main').getByRole('searchbox').fill(stamp);
  await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
  await expect(page.getByRole('table', { name: 'Project requests' }).getByRole('row')).toHaveCount(2); // header + it
  return rowOf(page, projectname);
}
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) });
/** A PDF as small as a reader still opens: the request stores documents, it does not read them. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * Four pads on two nets, 10 mm apart (a P100 probe each, diameters above the recommended
 * 0.8 mm) and two tooling holes (named TH, so read as tooling): a pogo board with no errors.
 */
const GOOD_PADS = [
  'Name,Net,X,Y,Side,Diameter',
  'TP1,GND,10,10,top,1.0',
  'TP2,GND,20,10,top,1.0',
  'TP3,VSENSE,10,20,top,1.0',
  'TP4,VSENSE,20,20,top,1.0',
  'TH1,,2,2,top,3.0',
  'TH2,,40,30,top,3.0',
];

/** The step's card heading: the panel on screen. */
const stepHeading = (page: Page, label: string) => page.getByRole('heading', { level: 2, name: label, exact: true });
/** The shell's Continue, under the step's panel. */
const continueButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Continue', exact: true });

/** Types into an async select and picks the option. */
async function pick(page: Page, scope: Page | Locator, label: string, search: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** Logs in and sends a new request for Acme with the given documents; lands on its process page. */
async function sendRequest(page: Page, projectname: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Project requests' })).toBeVisible();
  await page.getByRole('link', { name: 'New request' }).click();
  await expect(page).toHaveURL(/\/manage\/requests\/new$/);
  const form = page.getByRole('main');
  await pick(page, form, 'Company', 'acme', 'Acme Electronics');
  await form.getByLabel('Project name').fill(projectname);
  await form.getByLabel('Description').fill('Motor controller rev B: probe the ground and sense nets.');
  await form.getByLabel('Documents').setInputFiles(files);
  for (const file of files) await expect(form.getByRole('listitem', { name: file.name })).toBeVisible();
  await shot(page, '01-new-request');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/manage\/requests\/process\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: projectname })).toBeVisible();
  return Number(/(\d+)$/.exec(page.url())?.[1]);
}

/** From the documents step, on to the test pads step. */
async function toTestPads(page: Page) {
  await expect(stepHeading(page, 'Review documents')).toBeVisible();
  await continueButton(page).click();
  await expect(stepHeading(page, 'Test pads')).toBeVisible();
}

/** Reads a CSV in the test pads step; the preview is on screen after. */
async function chooseCsv(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('Choose a CSV file').setInputFiles(file);
  await expect(page.getByRole('table', { name: 'Columns of the file' })).toBeVisible();
}

test('opening a submitted request changes nothing; Start review puts it in review, and the list says who reviews it', async ({ page }) => {
  const stamp = stampOf();
  const projectname = `E2E review ${stamp}`;
  await sendRequest(page, projectname, [{ name: `review-${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF }]);
  const header = page.getByRole('main').locator('header').first();
  await expect(stepHeading(page, 'Review documents')).toBeVisible();
  await expect(page.getByRole('main').getByText('Submitted', { exact: true }).first()).toBeVisible();
  // Looked at again after a reload: still submitted, nobody reviewing.
  await page.reload();
  await expect(stepHeading(page, 'Review documents')).toBeVisible();
  await expect(page.getByRole('main').getByText('Submitted', { exact: true }).first()).toBeVisible();
  const before = await listRowOf(page, stamp, projectname);
  await expect(before).toContainText('Submitted');
  await expect(before).toContainText('Review not started');

  await before.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByRole('main').getByText('In review', { exact: true }).first()).toBeVisible();
  await expect(header).toContainText(`reviewed by ${E2E_ADMIN.username}`);
  await expect(page.getByRole('button', { name: 'Start review' })).toHaveCount(0);
  await expect(stepHeading(page, 'Review documents')).toBeVisible();
  const after = await listRowOf(page, stamp, projectname);
  await expect(after).toContainText('In review');
  await expect(after).toContainText(`Reviewer: ${E2E_ADMIN.username}`);
});

test('a new request with two documents goes step by step to a project, and a reload keeps its step', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  const stamp = stampOf();
  const projectname = `E2E MC-310 ${stamp}`;
  const pdfName = `mc310-schematic-${stamp}.pdf`;
  const csvName = `mc310-testpoints-${stamp}.csv`;
  const requestId = await sendRequest(page, projectname, [
    { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
    csvFile(csvName, GOOD_PADS),
  ]);

  // Review documents: both are listed, each with its download.
  await expect(stepHeading(page, 'Review documents')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Processing steps' }).locator('[aria-current="step"]')).toContainText('Review documents');
  await expect(page.getByRole('button', { name: `Download ${pdfName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${csvName}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Acme Electronics');
  await shot(page, '02-documents', { phone: true });
  await toTestPads(page);

  // Test pads: the preview says what each column became and how many rows it takes.
  await expect(page.getByRole('main').getByText('0 test pads')).toBeVisible();
  await chooseCsv(page, csvFile(`pads-${stamp}.csv`, GOOD_PADS));
  const columns = page.getByRole('table', { name: 'Columns of the file' });
  for (const [header, meaning] of [['Name', 'name'], ['Net', 'net'], ['X', 'x'], ['Y', 'y'], ['Side', 'side'], ['Diameter', 'diameter']]) {
    await expect(columns.getByRole('combobox', { name: `Meaning of column ${header}` })).toHaveValue(meaning);
  }
  await expect(page.getByText('6 rows: 6 accepted, 0 refused.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accepted rows' }).getByRole('row')).toHaveCount(7); // header + 6
  await shot(page, '03-csv-preview', { phone: true });
  await page.getByRole('button', { name: 'Import 6 pads' }).click();
  await expect(page.getByRole('main').getByText('6 test pads', { exact: true })).toBeVisible();
  await expect(page.getByText('Test pads is ready to confirm.')).toBeVisible();
  await continueButton(page).click();
  await expect(stepHeading(page, 'Pogo board')).toBeVisible();

  // A reload in the middle lands on the same step: the server's data says where the request stands.
  await page.reload();
  await expect(stepHeading(page, 'Pogo board')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Processing steps' }).locator('[aria-current="step"]')).toContainText('Pogo board');

  // Pogo board: four P100 probes, both tooling holes, no errors.
  await expect(page.getByRole('listitem').filter({ hasText: 'P100: 4' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tooling holes: 2' })).toBeVisible();
  await expect(page.getByText('No errors: warnings do not block the next step.')).toBeVisible();
  await shot(page, '04-pogo-board', { phone: true });
  await continueButton(page).click();

  // Pad groups: one group per net, each with its resource type.
  await expect(stepHeading(page, 'Pad groups')).toBeVisible();
  await expect(page.getByText('4 pads still in no group.')).toBeVisible();
  for (const [net, resourceType] of [['GND', 'Ground reference'], ['VSENSE', 'Voltage sense']]) {
    await page.getByLabel('Select net').selectOption(net);
    await expect(page.getByText('2 pads selected')).toBeVisible();
    const form = page.getByRole('form', { name: 'New pad group' });
    await form.getByLabel('Group name').fill(net);
    await form.getByLabel('Resource type').selectOption({ label: resourceType });
    await form.getByRole('button', { name: 'Create group' }).click();
    const group = page.getByRole('list', { name: 'Pad groups' }).getByRole('listitem', { name: net });
    await expect(group).toContainText('2 pads');
    await expect(group).toContainText(resourceType);
  }
  await expect(page.getByText('Every probed pad is in one of 2 groups.')).toBeVisible();
  await shot(page, '05-pad-groups', { phone: true });
  await continueButton(page).click();

  // Modules: a DMM in slot 1.
  await expect(stepHeading(page, 'Modules')).toBeVisible();
  await page.getByRole('button', { name: 'Add module' }).click();
  const moduleDialog = page.getByRole('dialog', { name: 'Add a module' });
  await pick(page, moduleDialog, 'AMS module', 'DMM', /DMM-6\.5/);
  await expect(moduleDialog.getByLabel('Slot')).toHaveValue('1');
  await moduleDialog.getByRole('button', { name: 'Add module' }).click();
  await expect(moduleDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Selected modules' }).getByRole('row').filter({ hasText: 'Slot 1' })).toContainText('DMM-6.5');
  await shot(page, '06-modules', { phone: true });
  // On a phone the step list wraps onto a second line; the step on screen is in view whole.
  await page.setViewportSize(PHONE);
  await continueButton(page).click();
  await expect(stepHeading(page, 'Cartridges')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Processing steps' }).locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(DESKTOP);

  // Cartridges: a PB-40 in bay 1 has ground pins and analog pins: enough for both groups.
  await expect(stepHeading(page, 'Cartridges')).toBeVisible();
  await page.getByRole('button', { name: 'Add cartridge' }).click();
  const cartridgeDialog = page.getByRole('dialog', { name: 'Add a cartridge' });
  await pick(page, cartridgeDialog, 'Cartridge type', 'PB-40', /PB-40/);
  await expect(cartridgeDialog.getByLabel('Bay')).toHaveValue('1');
  await cartridgeDialog.getByRole('button', { name: 'Add cartridge' }).click();
  await expect(cartridgeDialog).toBeHidden();
  const capacity = page.getByRole('table', { name: 'Capacity per resource type' });
  for (const resourceType of ['Ground reference', 'Voltage sense']) await expect(rowOf(page, resourceType).filter({ has: page.getByText('Enough', { exact: true }) })).toBeVisible();
  await expect(capacity.getByText('Short', { exact: true })).toHaveCount(0);
  await shot(page, '07-cartridges', { phone: true });
  await continueButton(page).click();

  // Map pad groups: each to a pin its resource type allows, driven by the DMM.
  await expect(stepHeading(page, 'Map pad groups')).toBeVisible();
  await expect(page.getByText('2 of 2 pad groups still need a pin.')).toBeVisible();
  for (const [group, pin] of [['GND', '1 GND · Ground'], ['VSENSE', '16 VREF · Analog']]) {
    const mapping = page.getByRole('form', { name: `Mapping of ${group}` });
    await mapping.getByLabel(`Pin for ${group}`).selectOption({ label: `Bay 1 · PB-40 Programming cartridge · ${pin}` });
    await mapping.getByLabel('Module (optional)').selectOption({ label: 'Slot 1 · DMM-6.5' });
    await mapping.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, group).first()).toContainText(`PB-40 Programming cartridge · ${pin} → Slot 1 · DMM-6.5`);
  }
  await expect(page.getByText('Every pad group is mapped.')).toBeVisible();
  // The wiring list has a line per probed pad.
  await expect(page.getByRole('table', { name: 'Wiring list' }).getByRole('row')).toHaveCount(5);
  await shot(page, '08-map', { phone: true });
  await continueButton(page).click();

  // Create project: named as the request, made with what the steps chose.
  await expect(stepHeading(page, 'Create project')).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue(projectname);
  await expect(page.getByRole('main')).toContainText('6 pads (4 probed pads)');
  await shot(page, '09-create-project', { phone: true });
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(stepHeading(page, 'Project created')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Acme Electronics has the project ${projectname}`);
  await expect(page.getByRole('button', { name: 'Reject request' })).toHaveCount(0);
  await shot(page, '10-project-created', { phone: true });

  await page.getByRole('link', { name: 'Open the project' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: projectname })).toBeVisible();
  const fromRequest = page.getByRole('link', { name: `From request #${requestId}` });
  await expect(fromRequest).toHaveAttribute('href', `/manage/requests/process/${requestId}`);
  await shot(page, '11-project');

  // The list shows it completed and done.
  const row = await listRowOf(page, stamp, projectname);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Done');
  await shot(page, '12-list');
});

test('a test-point CSV with bad rows: the preview says why each is refused, and only the good ones are imported', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const stamp = stampOf();
  await sendRequest(page, `E2E bad CSV ${stamp}`, [{ name: `schematic-${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF }]);
  await toTestPads(page);

  await chooseCsv(
    page,
    csvFile(`bad-${stamp}.csv`, [
      'Name,Net,X,Y,Side,Diameter',
      'TP1,GND,10,10,top,1.0', // line 2: good
      'TP2,GND,abc,10,top,1.0', // line 3: x is no number
      'TP3,VSENSE,20,20,top,1.0', // lines 4 and 5: one name twice, both refused
      'TP3,VSENSE,30,20,top,1.0',
      ',VSENSE,30,30,top,1.0', // line 6: no name
      'TP4,GND,40,40,top,1.0', // line 7: good
    ]),
  );
  await expect(page.getByText('6 rows: 2 accepted, 4 refused.')).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveCount(5); // header + 4
  const refusal = (line: number) => refused.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(refusal(3)).toContainText("x is not a number: 'abc'");
  await expect(refusal(4)).toContainText('name TP3 appears on lines 4 and 5');
  await expect(refusal(5)).toContainText('name TP3 appears on lines 4 and 5');
  await expect(refusal(6)).toContainText('name missing');
  const accepted = page.getByRole('table', { name: 'Accepted rows' });
  await expect(accepted.getByRole('row')).toHaveCount(3);
  await expect(accepted).toContainText('TP1');
  await expect(accepted).toContainText('TP4');
  await expect(page.getByText('The refused rows are left out.')).toBeVisible();
  await shot(page, '13-csv-refused', { phone: true });

  await page.getByRole('button', { name: 'Import 2 pads' }).click();
  await expect(page.getByRole('main').getByText('2 test pads', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Columns of the file' })).toHaveCount(0);
  // What the server kept is what a reload shows.
  await page.reload();
  await expect(stepHeading(page, 'Test pads')).toBeVisible();
  await expect(page.getByRole('main').getByText('2 test pads', { exact: true })).toBeVisible();
});

test('a request rejected with a reason shows it, the list too, and reopening brings it back to its step', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const stamp = stampOf();
  const projectname = `E2E rejected ${stamp}`;
  await sendRequest(page, projectname, [{ name: `photo-${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF }]);
  await toTestPads(page);

  await page.getByRole('button', { name: 'Reject request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject request' });
  await expect(dialog).toContainText(projectname);
  // No reason: the dialog asks for one and nothing is sent.
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog.getByText('Reason is required.')).toBeVisible();
  await expect(dialog).toBeVisible();
  const reason = `No test points in the documents (${stamp}).`;
  await dialog.getByLabel('Reason').fill(reason);
  await shot(page, '14-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog).toBeHidden();

  await expect(stepHeading(page, 'Rejected')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Reason: ${reason}`);
  await expect(page.getByRole('main').getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject request' })).toHaveCount(0);
  await shot(page, '15-rejected', { phone: true });

  // The list says so, and keeps the step it stood at.
  const row = await listRowOf(page, stamp, projectname);
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Test pads');
  await row.getByRole('link').first().click();

  // Reopen: back at the first unfinished step, rejectable again.
  await expect(stepHeading(page, 'Rejected')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen request' }).click();
  await expect(stepHeading(page, 'Test pads')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject request' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(reason);
  const reopened = await listRowOf(page, stamp, projectname);
  await expect(reopened).toContainText('In review');
  await expect(reopened).toContainText('Test pads');
});
