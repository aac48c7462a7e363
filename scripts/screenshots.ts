/**
 * `npm run docs:screenshots`: the pictures of README.md and docs/, taken from the real app so
 * they stay true. It starts the server (`server/main.ts`, which builds the web app when its
 * sources changed) on a fresh demo database in a temporary folder, signs in as each demo login
 * in the system Chromium at 1280×800, walks README's ten-minute tour (a project request
 * processed into a project, a release batch released) and writes PNGs to docs/images/. A step
 * of the tour that no longer works stops the script with the step's name, so the tour in the
 * README is checked whenever the pictures are made.
 *
 *   SCREENSHOTS_PORT  the server's port (default: a free one)
 *   CHROMIUM_PATH     the browser (default /usr/bin/chromium)
 *   SCREENSHOTS_ONLY  a comma-separated list of picture names to write (default: all)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'docs', 'images');
const VIEWPORT = { width: 1280, height: 800 };
const ADMIN = { username: 'admin', password: 'screenshots-admin-password' };
const DEMO_PASSWORD = 'jigboard-demo';
const TOUR_PADS = path.join(root, 'docs', 'tour', 'bms16-test-pads.csv');
const only = process.env.SCREENSHOTS_ONLY ? new Set(process.env.SCREENSHOTS_ONLY.split(',')) : undefined;
const STEP_TIMEOUT = 15_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The server on a fresh demo database; resolves once its banner says it is ready. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      DEMO_PASSWORD,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so stopping it reaches the node process tsx runs.
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('Jigboard is ready')) resolve();
      if (/^(Demo|Jigboard|Web app)/.test(line)) console.log(`  server: ${line}`);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before it was ready`)));
  });
  return child;
}

function stopServer(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
}

type Session = { page: Page; close: () => Promise<void> };

/** A browser page signed in as `username`: logged in through the API, the session handed to the app as it starts. */
async function signIn(browser: Browser, baseURL: string, username: string, password: string, start = '/dashboard'): Promise<Session> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const answer = await page.request.post('/v1/login', { data: { username, password } });
  if (answer.status() !== 200) throw new Error(`login of ${username}: ${answer.status()}`);
  const { data } = (await answer.json()) as { data: unknown };
  await page.addInitScript({
    content: `if (!sessionStorage.getItem('signed-in')) { sessionStorage.setItem('signed-in', '1'); localStorage.setItem('user-token', ${JSON.stringify(JSON.stringify(data))}); }`,
  });
  await page.goto(start);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  return { page, close: () => context.close() };
}

let written = 0;
/** Writes the viewport as docs/images/<name>.png once the page has settled. */
async function shot(page: Page, name: string) {
  if (only && !only.has(name)) return;
  // The live results stream keeps a request open, so "network idle" never comes: wait until no
  // spinner turns, then a moment for charts to draw.
  await page.locator('.animate-spin').first().waitFor({ state: 'detached' }).catch(() => undefined);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), animations: 'disabled' });
  written += 1;
  console.log(`  wrote docs/images/${name}.png`);
}

/** Runs one step of a walk; a failure names it. */
async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new Error(`step "${name}" failed: ${(error as Error).message.split("\n")[0]}`, { cause: error });
  }
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const projectSections = (page: Page) => page.getByRole('navigation', { name: 'Project sections' });
const stepHeading = (page: Page, label: string) => page.getByRole('heading', { level: 2, name: label, exact: true });
const continueButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Continue', exact: true });

async function openProject(page: Page, name: string) {
  await mainNav(page).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function pick(page: Page, scope: Locator, label: string, search: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** The company admin: the dashboard (README's picture), the users and a project's invitations. */
async function companyAdmin(browser: Browser, baseURL: string) {
  const { page, close } = await signIn(browser, baseURL, 'acme-admin', DEMO_PASSWORD);
  await step('dashboard', async () => {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, 'dashboard');
  });
  await step('users', async () => {
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('table').first().waitFor();
    await shot(page, 'admin-users');
  });
  await step('invitations', async () => {
    await openProject(page, 'Motor controller MC-200');
    await projectSections(page).getByRole('link', { name: 'Invitations' }).click();
    await page.getByRole('table').first().waitFor();
    await shot(page, 'admin-invitations');
  });
  await close();
}

/** The operator: a project's boards, one board's reports with its failing step. */
async function operator(browser: Browser, baseURL: string) {
  const { page, close } = await signIn(browser, baseURL, 'acme-operator', DEMO_PASSWORD);
  await step('devices', async () => {
    await openProject(page, 'Motor controller MC-200');
    await page.getByRole('table', { name: /devices/i }).first().waitFor();
    await shot(page, 'operator-devices');
  });
  await step('a failed board', async () => {
    await page.getByRole('main').getByLabel('Status').selectOption({ label: 'Failed' });
    await page.waitForURL(/[?&]status=failed/);
    const row = page.getByRole('table', { name: /devices/i }).first().locator('tbody tr').first();
    await row.getByRole('button').or(row.getByRole('link')).first().click();
    const panel = page.getByRole('dialog').first();
    await panel.getByRole('heading', { name: 'Reports' }).waitFor();
    await panel.getByText(/failed$/).first().click();
    await page.waitForURL(/[?&]report=/);
    await shot(page, 'operator-report');
  });
  await close();
}

/** The engineer: a production batch, the statistics, a test profile and the tour's release. */
async function engineer(browser: Browser, baseURL: string) {
  const { page, close } = await signIn(browser, baseURL, 'acme-engineer', DEMO_PASSWORD);
  await step('production batch', async () => {
    await openProject(page, 'Motor controller MC-200');
    await projectSections(page).getByRole('link', { name: 'Production batches' }).click();
    await page.getByRole('table', { name: 'Production batches' }).getByRole('link', { name: 'MC-200 lot 2409' }).click();
    await page.getByRole('heading', { name: /MC-200 lot 2409/ }).first().waitFor();
    await shot(page, 'engineer-batch');
  });
  await step('statistics', async () => {
    await mainNav(page).getByRole('link', { name: 'Statistics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await shot(page, 'engineer-statistics');
  });
  await step('test profile', async () => {
    await openProject(page, 'Motor controller MC-200');
    await projectSections(page).getByRole('link', { name: 'Tests' }).click();
    await page.getByRole('main').getByRole('link', { name: /MC-200 EOL/ }).first().click();
    await page.getByRole('heading', { name: /MC-200 EOL/ }).first().waitFor();
    await page.getByRole('main').getByText(/Cpk/).first().waitFor();
    await shot(page, 'engineer-test-profile');
  });
  await step('tour: new release batch', async () => {
    await openProject(page, 'Motor controller MC-200');
    await projectSections(page).getByRole('link', { name: 'Release batches' }).click();
    await page.getByRole('table', { name: 'Release batches' }).waitFor();
    await page.getByRole('button', { name: 'New release batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'New release batch' });
    await dialog.getByLabel('Name').fill(`Tour shipment ${Date.now().toString(36)}`);
    await dialog.getByRole('button', { name: 'Create and pick boards' }).click();
    await page.waitForURL(/\/releasesbatches\/\d+\/edit$/);
  });
  const unreleased = page.getByRole('region', { name: 'Unreleased boards' });
  await step('tour: pick a page of lot 2409', async () => {
    await unreleased.getByLabel('Production batch').selectOption({ label: 'MC-200 lot 2409' });
    await page.waitForURL(/[?&]batch=/);
    await unreleased.getByRole('table', { name: 'Unreleased boards' }).locator('tbody tr').first().filter({ hasText: 'MC2-2409' }).waitFor();
    await unreleased.getByRole('button', { name: 'Select this page' }).click();
    await page.getByRole('region', { name: 'Your picks' }).getByText(/25 boards to add/).waitFor();
    await shot(page, 'engineer-release-picks');
  });
  await step('tour: save and review', async () => {
    await page.getByRole('region', { name: 'Your picks' }).getByRole('button', { name: 'Save and review' }).click();
    const review = page.getByRole('region', { name: 'Review' });
    await review.getByText('Saved: 25 boards added.').waitFor();
    await shot(page, 'engineer-release-review');
    await review.getByRole('button', { name: 'Release 25 boards…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Release 25 boards?' });
    await confirm.getByRole('button', { name: 'Release 25 boards' }).click();
    await page.waitForURL(/\/releasesbatches\/\d+\/show$/);
    await page.getByRole('heading', { level: 2 }).filter({ hasText: 'Released' }).waitFor();
    await shot(page, 'engineer-release-released');
  });
  await close();
}

/** The viewer: reads everything of Acme, changes nothing. */
async function viewer(browser: Browser, baseURL: string) {
  const { page, close } = await signIn(browser, baseURL, 'acme-viewer', DEMO_PASSWORD);
  await step('viewer: batches', async () => {
    await openProject(page, 'Motor controller MC-200');
    await projectSections(page).getByRole('link', { name: 'Production batches' }).click();
    await page.getByRole('table', { name: 'Production batches' }).waitFor();
    if (await page.getByRole('button', { name: 'New batch' }).count()) throw new Error('the viewer is offered "New batch"');
    await shot(page, 'viewer-batches');
    await projectSections(page).getByRole('link', { name: 'Release batches' }).click();
    await page.getByRole('table', { name: 'Release batches' }).waitFor();
    if (await page.getByRole('button', { name: 'New release batch' }).count()) throw new Error('the viewer is offered "New release batch"');
  });
  await close();
}

/** The superadmin: the tour's request, processed into a project, and the jig register. */
async function superadmin(browser: Browser, baseURL: string) {
  const { page, close } = await signIn(browser, baseURL, ADMIN.username, ADMIN.password, '/manage/requests');
  await step('tour: open BMS-16', async () => {
    await page.getByRole('heading', { level: 1, name: 'Project requests' }).waitFor();
    await page.getByRole('table', { name: 'Project requests' }).waitFor();
    await shot(page, 'superadmin-requests');
    await page.getByRole('table', { name: 'Project requests' }).getByRole('link', { name: /BMS-16/ }).first().click();
    await page.getByRole('heading', { level: 1, name: 'BMS-16 battery monitor' }).waitFor();
    // Where a review is started by hand, start it.
    const start = page.getByRole('button', { name: 'Start review' });
    if (await start.isVisible()) await start.click();
    await stepHeading(page, 'Review documents').waitFor();
    await continueButton(page).click();
    await stepHeading(page, 'Test pads').waitFor();
  });
  await step('tour: import the test pads', async () => {
    await page.getByLabel('Choose a CSV file').setInputFiles(TOUR_PADS);
    await page.getByRole('table', { name: 'Columns of the file' }).waitFor();
    await page.getByText('6 rows: 6 accepted, 0 refused.').waitFor();
    await shot(page, 'superadmin-request-pads');
    await page.getByRole('button', { name: 'Import 6 pads' }).click();
    await page.getByText('Test pads is ready to confirm.').waitFor();
    await continueButton(page).click();
  });
  await step('tour: pogo board', async () => {
    await stepHeading(page, 'Pogo board').waitFor();
    await page.getByText('No errors: warnings do not block the next step.').waitFor();
    await continueButton(page).click();
  });
  await step('tour: pad groups', async () => {
    await stepHeading(page, 'Pad groups').waitFor();
    for (const [net, resourceType] of [['GND', 'Ground reference'], ['VSENSE', 'Voltage sense']]) {
      await page.getByLabel('Select net').selectOption(net);
      const form = page.getByRole('form', { name: 'New pad group' });
      await form.getByLabel('Group name').fill(net);
      await form.getByLabel('Resource type').selectOption({ label: resourceType });
      await form.getByRole('button', { name: 'Create group' }).click();
      await page.getByRole('list', { name: 'Pad groups' }).getByRole('listitem', { name: net }).waitFor();
    }
    await page.getByText('Every probed pad is in one of 2 groups.').waitFor();
    await continueButton(page).click();
  });
  await step('tour: modules', async () => {
    await stepHeading(page, 'Modules').waitFor();
    await page.getByRole('button', { name: 'Add module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a module' });
    await pick(page, dialog, 'AMS module', 'DMM', /DMM-6\.5/);
    await dialog.getByRole('button', { name: 'Add module' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await continueButton(page).click();
  });
  await step('tour: cartridges', async () => {
    await stepHeading(page, 'Cartridges').waitFor();
    await page.getByRole('button', { name: 'Add cartridge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a cartridge' });
    await pick(page, dialog, 'Cartridge type', 'PB-40', /PB-40/);
    await dialog.getByRole('button', { name: 'Add cartridge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Capacity per resource type' }).waitFor();
    await continueButton(page).click();
  });
  await step('tour: map pad groups', async () => {
    await stepHeading(page, 'Map pad groups').waitFor();
    await page.getByRole('button', { name: 'Map 2 to free pins' }).click();
    const proposal = page.getByRole('dialog', { name: 'Proposed pins' });
    for (const group of ['GND', 'VSENSE']) await proposal.getByRole('listitem', { name: group }).waitFor();
    await shot(page, 'superadmin-request-proposal');
    await proposal.getByRole('button', { name: 'Map as shown' }).click();
    await proposal.waitFor({ state: 'hidden' });
    await page.getByText('Every pad group is mapped.').waitFor();
    await continueButton(page).click();
  });
  await step('tour: create the project', async () => {
    await stepHeading(page, 'Create project').waitFor();
    await page.getByRole('button', { name: 'Create project' }).click();
    await stepHeading(page, 'Project created').waitFor();
    await page.getByRole('link', { name: 'Open the project' }).click();
    await page.getByRole('heading', { level: 1, name: 'BMS-16 battery monitor' }).waitFor();
    await projectSections(page).getByRole('link', { name: 'Hardware' }).click();
    await page.getByRole('main').getByText(/DMM-6\.5/).first().waitFor();
    await shot(page, 'superadmin-project-hardware');
  });
  await step('enclosures', async () => {
    await page.goto('/manage/enclosures');
    await page.getByRole('table').first().waitFor();
    await shot(page, 'superadmin-enclosures');
  });
  await close();
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-screenshots-'));
  const port = Number(process.env.SCREENSHOTS_PORT) || (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  console.log(`Starting Jigboard on ${baseURL} with a fresh demo database…`);
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--font-render-hinting=none'],
  });
  try {
    for (const walk of [companyAdmin, operator, engineer, viewer, superadmin]) {
      console.log(walk.name);
      await walk(browser, baseURL);
    }
    console.log(`${written} pictures in docs/images/`);
  } finally {
    await browser.close();
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
