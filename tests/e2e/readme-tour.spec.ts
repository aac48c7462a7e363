import type { APIRequestContext, Download, Page } from '@playwright/test';
import { shipBoards, TOUR, turnTheRequestIntoAProject, type TourHooks } from '../../scripts/readme-tour';
import { DEMO_ENGINEER, E2E_ADMIN } from './support/accounts';
import { DESKTOP_VIEWPORT } from './support/viewports';
import { expect, openSignedIn, test } from './support/test';

/**
 * README's ten-minute tour, steps 3 and 4, walked as the README words them (scripts/readme-tour.ts,
 * which `npm run docs:screenshots` walks too) on the demo database: BMS-16's request processed
 * into Acme's project with its hardware configured, and a page of lot 2409 released with its
 * serials downloadable. A README step that no longer works fails here with its name.
 *
 * What the tour relies on that specs before this one in a worker could change, and why it holds:
 * BMS-16 is the demo's only submitted request and no spec opens it (the screen walks open their
 * own requests, and opening one changes nothing), and the few requests specs make are newer and
 * leave it on the list's first page of 25; lot 2409 has far more than a page of passed,
 * unreleased boards, and the tour picks whichever page the list shows; Acme's projects are
 * counted before and after, so a project another spec made does not move the "fourth".
 */
test.use({ viewport: DESKTOP_VIEWPORT });

/** Each tour step as a test step; no pictures. A wait that times out fails its step, not the whole test. */
const hooks: TourHooks = { step: (name, action) => test.step(name, action), shot: async () => undefined };

test.beforeEach(({ page }) => page.setDefaultTimeout(10_000));

async function acmeProjectCount(request: APIRequestContext): Promise<number> {
  const login = await request.post('/v1/login', { data: E2E_ADMIN });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const headers = { authorization: `${token.type} ${token.token}` };
  // Project 1 is Acme's MC-200 (server/seed/demo.ts).
  const { data: project } = (await (await request.get('/v1/projects/1', { headers })).json()) as { data: { company_id: number; name: string } };
  expect(project.name).toBe(TOUR.project);
  const answer = await request.get(`/v1/companies/${project.company_id}/projects?limit=1`, { headers });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { meta: { total: number } }).meta.total;
}

async function readDownload(download: Download): Promise<string> {
  let text = '';
  for await (const chunk of await download.createReadStream()) text += chunk;
  return text;
}

const definition = (page: Page, term: string) => page.getByRole('main').getByText(term, { exact: true }).locator('xpath=following-sibling::dd[1]');

test('tour step 3: a superadmin starts BMS-16’s review and processes it into Acme’s project with its hardware configured', async ({ page }) => {
  test.setTimeout(60_000);
  const projectsBefore = await acmeProjectCount(page.request);
  await openSignedIn(page, E2E_ADMIN);

  await turnTheRequestIntoAProject(page, hooks);

  // The project's hardware tab: what the steps chose, by slot and bay, and each pad group as a test resource.
  await expect(page.getByRole('heading', { level: 1, name: TOUR.request })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Configured module slots' }).getByRole('listitem').first()).toContainText('DMM-6.5');
  await expect(page.getByRole('list', { name: 'Configured cartridge bays' }).getByRole('listitem').first()).toContainText('PB-40');
  const resources = page.getByRole('table', { name: 'Test resources' });
  for (const group of ['GND', 'VSENSE']) await expect(resources.getByRole('row').filter({ hasText: group }).first()).toContainText('Request’s pad group');
  // Acme's next project ("the fourth" on a fresh demo database).
  expect(await acmeProjectCount(page.request)).toBe(projectsBefore + 1);

  // The request is done: the list says so.
  await page.goto('/manage/requests');
  const row = page.getByRole('table', { name: 'Project requests' }).getByRole('row').filter({ hasText: TOUR.request });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(E2E_ADMIN.username);
});

test('tour step 4: an engineer releases a page of lot 2409 and downloads its serials', async ({ page }) => {
  await openSignedIn(page, DEMO_ENGINEER);
  const name = `Tour shipment ${Date.now().toString(36)}`;

  await shipBoards(page, hooks, name);

  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toContainText('Released');
  await expect(definition(page, 'Boards')).toHaveText('25 boards');
  await expect(page.getByText(`${TOUR.lot} · 25 boards`)).toBeVisible();
  // "Download serials (CSV) is the shipment's list": the 25 boards (of lot 2409, as the line
  // above says: a spec before this one may have reported boards of its own into the lot), released.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download serials (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = (await readDownload(download)).trim().split(/\r?\n/).slice(1);
  expect(rows).toHaveLength(25);
  expect(rows.filter((line) => line.includes(',released,'))).toHaveLength(25);
});
