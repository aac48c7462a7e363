/**
 * `npm run docs:screenshots`: the pictures of README.md and docs/, taken from the real app so
 * they stay true. It starts the server (`server/main.ts`, which builds the web app when its
 * sources changed) on a fresh demo database in a temporary folder, signs in as each demo login
 * in the system Chromium at 1280×800, walks README's ten-minute tour (a project request
 * processed into a project, a release batch released: scripts/readme-tour.ts, the same walk as
 * the browser test tests/e2e/readme-tour.spec.ts) and writes PNGs to docs/images/. A step of the
 * tour that no longer works stops the script with the step's name.
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
import { chromium, type Browser, type Page } from '@playwright/test';
import { mainNav, openProject, projectSections, shipBoards, turnTheRequestIntoAProject, type TourHooks } from './readme-tour';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'docs', 'images');
const VIEWPORT = { width: 1280, height: 800 };
const ADMIN = { username: 'admin', password: 'screenshots-admin-password' };
const DEMO_PASSWORD = 'jigboard-demo';
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

/** README's tour (scripts/readme-tour.ts) on this page: its steps named, its pictures taken. */
const tourHooks = (page: Page): TourHooks => ({ step: (name, action) => step(`tour: ${name}`, action), shot: (name) => shot(page, name) });

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
    // The Reports list's own line ("1 of 10 failed"), not the history's "1 step failed" above it.
    await panel.getByText(/\d+ of \d+ failed$/).first().click();
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
  await shipBoards(page, tourHooks(page), `Tour shipment ${Date.now().toString(36)}`);
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
  const { page, close } = await signIn(browser, baseURL, ADMIN.username, ADMIN.password);
  await turnTheRequestIntoAProject(page, tourHooks(page));
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
