/**
 * Steps 3 and 4 of README's ten-minute tour as a browser walks them: the buttons and fields by
 * the README's words, the demo data it names, and a wait for each thing it says a newcomer sees.
 * The browser test (tests/e2e/readme-tour.spec.ts) and the screenshots script
 * (scripts/screenshots.ts) both walk this one copy, so the README is checked whenever either
 * runs. A change to the tour's wording changes this file with it.
 *
 * The walks only click and wait (Playwright's locators, no test runner): what they promise is
 * that each step named in `step` finished, and the caller checks the outcome as it needs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';

/** The tour's test points, in the repository for a newcomer to pick (docs/tour/). */
export const TOUR_PADS = fileURLToPath(new URL('../docs/tour/bms16-test-pads.csv', import.meta.url));
export const TOUR_PADS_NAME = path.basename(TOUR_PADS);

/** The demo's names the tour uses (server/seed/). */
export const TOUR = {
  request: 'BMS-16 battery monitor',
  project: 'Motor controller MC-200',
  releasedShipment: 'MC-200 shipment 2407-A',
  draftShipment: 'MC-200 shipment 2407-B',
  lot: 'MC-200 lot 2409',
} as const;

/** What the caller does around each step: name it (a failure says which), and take its picture. */
export type TourHooks = {
  step: <T>(name: string, action: () => Promise<T>) => Promise<T>;
  shot: (name: string) => Promise<void>;
};

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
export const projectSections = (page: Page) => page.getByRole('navigation', { name: 'Project sections' });
const stepHeading = (page: Page, label: string) => page.getByRole('heading', { level: 2, name: label, exact: true });
const continueButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Continue', exact: true });
const rowOf = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

/** **Projects** → the project by name. */
export async function openProject(page: Page, name: string) {
  await mainNav(page).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Types into a search-as-you-type field and picks the option. */
async function pick(page: Page, scope: Locator, label: string, search: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/**
 * Step 3, "Turn a request into a project", signed in as the superadmin: from the menu to the
 * project's hardware tab. Ends on that tab.
 */
export async function turnTheRequestIntoAProject(page: Page, { step, shot }: TourHooks) {
  await step('open BMS-16 and start its review', async () => {
    await mainNav(page).getByRole('link', { name: 'Project requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Project requests' }).waitFor();
    const list = page.getByRole('table', { name: 'Project requests' });
    await rowOf(list, TOUR.request).filter({ hasText: 'Submitted' }).waitFor();
    await shot('superadmin-requests');
    await list.getByRole('link', { name: TOUR.request }).click();
    await page.getByRole('heading', { level: 1, name: TOUR.request }).waitFor();
    const header = page.getByRole('main').locator('header').first();
    // "which is Submitted: opening it changes nothing"
    await header.getByText('Submitted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start review' }).click();
    // "it is In review, reviewed by you"
    await header.getByText('In review', { exact: true }).waitFor();
    await header.getByText(/reviewed by \S+/).waitFor();
    await page.getByRole('button', { name: 'Start review' }).waitFor({ state: 'detached' });
  });
  await step('1. review documents', async () => {
    await stepHeading(page, 'Review documents').waitFor();
    await continueButton(page).click();
  });
  await step('2. test pads', async () => {
    await stepHeading(page, 'Test pads').waitFor();
    await page.getByLabel('Choose a CSV file').setInputFiles(TOUR_PADS);
    await page.getByRole('table', { name: 'Columns of the file' }).waitFor();
    await page.getByText('6 rows: 6 accepted, 0 refused.').waitFor();
    await shot('superadmin-request-pads');
    await page.getByRole('button', { name: 'Import 6 pads' }).click();
    await page.getByText('Test pads is ready to confirm.').waitFor();
    await continueButton(page).click();
  });
  await step('3. pogo board', async () => {
    await stepHeading(page, 'Pogo board').waitFor();
    await page.getByText('No errors: warnings do not block the next step.').waitFor();
    await continueButton(page).click();
  });
  await step('4. pad groups', async () => {
    await stepHeading(page, 'Pad groups').waitFor();
    for (const [net, resourceType] of [['GND', 'Ground reference'], ['VSENSE', 'Voltage sense']]) {
      await page.getByLabel('Select net').selectOption(net);
      const form = page.getByRole('form', { name: 'New pad group' });
      await form.getByLabel('Group name').fill(net);
      await form.getByLabel('Resource type').selectOption({ label: resourceType });
      await form.getByRole('button', { name: 'Create group' }).click();
      await page.getByRole('list', { name: 'Pad groups' }).getByRole('listitem', { name: net }).filter({ hasText: resourceType }).waitFor();
    }
    await page.getByText('Every probed pad is in one of 2 groups.').waitFor();
    await continueButton(page).click();
  });
  await step('5. modules', async () => {
    await stepHeading(page, 'Modules').waitFor();
    await page.getByRole('button', { name: 'Add module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a module' });
    await pick(page, dialog, 'AMS module', 'DMM', /DMM-6\.5/);
    await dialog.getByRole('button', { name: 'Add module' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page.getByRole('table', { name: 'Selected modules' }), 'Slot 1').filter({ hasText: 'DMM-6.5' }).waitFor();
    await continueButton(page).click();
  });
  await step('6. cartridges', async () => {
    await stepHeading(page, 'Cartridges').waitFor();
    await page.getByRole('button', { name: 'Add cartridge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a cartridge' });
    await pick(page, dialog, 'Cartridge type', 'PB-40', /PB-40/);
    await dialog.getByRole('button', { name: 'Add cartridge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page.getByRole('table', { name: 'Selected cartridges' }), 'Bay 1').filter({ hasText: 'PB-40' }).waitFor();
    const capacity = page.getByRole('table', { name: 'Capacity per resource type' });
    // "both resource types say Enough"
    for (const resourceType of ['Ground reference', 'Voltage sense']) await rowOf(capacity, resourceType).filter({ hasText: 'Enough' }).waitFor();
    await continueButton(page).click();
  });
  await step('7. map pad groups', async () => {
    await stepHeading(page, 'Map pad groups').waitFor();
    await page.getByRole('button', { name: 'Map 2 to free pins' }).click();
    const proposal = page.getByRole('dialog', { name: 'Proposed pins' });
    const proposed = (group: string) => proposal.getByRole('listitem', { name: group, exact: true });
    // "GND on the cartridge's GND pin, VSENSE on a free analog pin driven by the DMM", each with why.
    await proposed('GND').filter({ hasText: /PB-40 Programming cartridge · \d+ GND · Ground/ }).waitFor();
    await proposed('VSENSE').filter({ hasText: /PB-40 Programming cartridge · \d+ \S+ · Analog → Slot 1 · DMM-6\.5/ }).waitFor();
    await shot('superadmin-request-proposal');
    await proposal.getByRole('button', { name: 'Map as shown' }).click();
    await proposal.waitFor({ state: 'hidden' });
    await page.getByText('Every pad group is mapped.').waitFor();
    // "the wiring list shows a line per pad": the four probed pads (the tooling holes carry no signal).
    const wiring = page.getByRole('table', { name: 'Wiring list' });
    for (const pad of ['TP1', 'TP2', 'TP3', 'TP4']) await rowOf(wiring, pad).waitFor();
    await continueButton(page).click();
  });
  await step('8. create project', async () => {
    await stepHeading(page, 'Create project').waitFor();
    await page.getByRole('button', { name: 'Create project' }).click();
    await stepHeading(page, 'Project created').waitFor();
    await page.getByRole('link', { name: 'Open the project' }).click();
    await page.getByRole('heading', { level: 1, name: TOUR.request }).waitFor();
    await projectSections(page).getByRole('link', { name: 'Hardware' }).click();
    await page.getByRole('list', { name: 'Configured module slots' }).getByRole('listitem').filter({ hasText: 'DMM-6.5' }).waitFor();
    await shot('superadmin-project-hardware');
  });
}

/**
 * Step 4, "Ship boards", signed in as a company engineer: a new release batch of a page of lot
 * 2409's boards, released. Ends on the released batch's page, where **Download serials (CSV)** is.
 */
export async function shipBoards(page: Page, { step, shot }: TourHooks, batchName: string) {
  await step('the release batches of MC-200', async () => {
    await openProject(page, TOUR.project);
    await projectSections(page).getByRole('link', { name: 'Release batches' }).click();
    const list = page.getByRole('table', { name: 'Release batches' });
    await rowOf(list, TOUR.releasedShipment).filter({ hasText: 'Released' }).waitFor();
    await rowOf(list, TOUR.draftShipment).filter({ hasText: 'Draft' }).waitFor();
  });
  await step('a new release batch', async () => {
    await page.getByRole('button', { name: 'New release batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'New release batch' });
    await dialog.getByLabel('Name').fill(batchName);
    await dialog.getByRole('button', { name: 'Create and pick boards' }).click();
    await page.waitForURL(/\/releasesbatches\/\d+\/edit$/);
  });
  await step('a page of lot 2409', async () => {
    const unreleased = page.getByRole('region', { name: 'Unreleased boards' });
    const lotPage = page.waitForResponse((r) => r.url().includes('/devices/unreleased') && /[?&]production_batch_id=/.test(r.url()));
    await unreleased.getByLabel('Production batch').selectOption({ label: TOUR.lot });
    await page.waitForURL(/[?&]batch=/);
    // The rows of the lot, not the list before the choice: a page picked early would be the wrong
    // boards. Its first board as the server sent it, whatever its serial (boards posted by hand
    // may sort before the demo's).
    const { data } = (await (await lotPage).json()) as { data: { serial: string }[] };
    await unreleased.getByRole('table', { name: 'Unreleased boards' }).locator('tbody tr').first().filter({ hasText: data[0]!.serial }).waitFor();
    await unreleased.getByRole('button', { name: 'Select this page' }).click();
    await page.getByRole('region', { name: 'Your picks' }).getByText(/25 boards to add/).waitFor();
    await shot('engineer-release-picks');
  });
  await step('save, review and release', async () => {
    await page.getByRole('region', { name: 'Your picks' }).getByRole('button', { name: 'Save and review' }).click();
    const review = page.getByRole('region', { name: 'Review' });
    await review.getByText('Saved: 25 boards added.').waitFor();
    await shot('engineer-release-review');
    await review.getByRole('button', { name: 'Release 25 boards…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Release 25 boards?' });
    await confirm.getByRole('button', { name: 'Release 25 boards' }).click();
    await page.waitForURL(/\/releasesbatches\/\d+\/show$/);
    await page.getByRole('heading', { level: 2 }).filter({ hasText: batchName }).filter({ hasText: 'Released' }).waitFor();
    await shot('engineer-release-released');
  });
}
