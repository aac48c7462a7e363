import type { APIRequestContext, Page } from '@playwright/test';
import { REQUEST_STEP_LABELS, REQUEST_STEPS } from '../../../contract/requests';
import { routes, type RouteDef } from '../../../machines/routes';
import { DEMO_ADMIN, E2E_ADMIN } from './accounts';
import { expect, type Credentials } from './test';

/**
 * Every screen of SPEC §2, taken from the app's own route table (`machines/routes.ts`), so a
 * route added there is walked without a line here unless it takes a parameter this file has no
 * value for (then `screenVisits` throws and names it). Each is opened as the demo login whose
 * screen it is: the /manage area as the superadmin, the rest as Acme's company admin (who also
 * sees the users screens), the public screens signed out.
 */
export type ScreenVisit = {
  /** The route's name in `machines/routes.ts`. */
  name: string;
  /** The URL opened, with demo ids in place of the parameters. */
  path: string;
  /** Who opens it; null for the public screens. */
  login: Credentials | null;
};

/**
 * What the walk makes that the demo data lacks: a draft release batch for the release routes, and
 * a board of project 1 waiting for repair (its repair's page shows the form).
 */
export type WalkSetup = { releaseBatchId: number; repairId: number };

/** The demo's rows each parameter names (server/seed/demo.ts): the first project, its first batch... */
function paramValues(route: RouteDef, setup: WalkSetup): Record<string, number> {
  if (route.name.startsWith('project.')) return { id: 1, pb_id: 1, rb_id: setup.releaseBatchId, repair_id: setup.repairId };
  const byRoute: Record<string, Record<string, number>> = {
    enclosure: { id: 1 }, // JB-1001
    'enclosure.health': { id: 1 },
    'cartridge.health': { id: 1 }, // CR-HD80-0001, the worn HD-80
    testprofile: { id: 2 }, // MC-200 EOL 1.4, active, with reports
    'testprofile.whatif': { id: 2 },
    cassette: { id: 1 },
    user: { user_id: 3 }, // acme-engineer
    'user.edit': { user_id: 3 },
    // PX-40, in review at its first step: no step is finished, so none in the steps' list is a button.
    'manage.request.process': { requestId: 2 },
    'manage.cartridgetype': { id: 3 },
    'manage.enclosure.edit': { id: 1 },
    'manage.cartridge': { id: 4 },
    'manage.testfunction.edit': { id: 11 },
  };
  return byRoute[route.name] ?? {};
}

/** The demo request halfway through processing (MC-300: its pogo board confirmed, at pad groups), whose pads the walk copies. */
const MC300_REQUEST_ID = 3;

const loginFor = (route: RouteDef): Credentials | null =>
  !route.requiresAuth ? null : route.name.startsWith('manage.') ? E2E_ADMIN : DEMO_ADMIN;

/** The screens to open, in the route table's order; redirects are not screens. */
export function screenVisits(setup: WalkSetup): ScreenVisit[] {
  return routes
    .filter((route) => !route.redirect)
    .map((route) => {
      const values = paramValues(route, setup);
      const path = route.path.replace(/:(\w+)/g, (_, param: string) => {
        if (values[param] === undefined) throw new Error(`screen-walk.ts has no demo value for :${param} of route ${route.name}`);
        return String(values[param]);
      });
      return { name: route.name, path, login: loginFor(route) };
    });
}

/** Makes what the walk needs that the demo data lacks: a draft release batch and a waiting repair of project 1. */
export async function prepareWalk(request: APIRequestContext): Promise<WalkSetup> {
  const token = await apiLogin(request, DEMO_ADMIN);
  const headers = { authorization: token };
  return { releaseBatchId: await walkReleaseBatch(request, headers), repairId: await walkRepair(request, headers) };
}

async function walkReleaseBatch(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const list = await request.get('/v1/projects/1/releasebatches?limit=1', { headers });
  const existing = ((await list.json()) as { data: { id: number }[] }).data[0];
  if (existing) return existing.id;
  const created = await request.post('/v1/projects/1/releasebatches', { headers, data: { name: 'Walk draft' } });
  expect(created.status(), 'a draft release batch for the walk').toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** A repair waiting in project 1: one already there, or a failed board sent now. */
async function walkRepair(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const waiting = await request.get('/v1/projects/1/repairs?status=waiting&limit=1', { headers });
  const existing = ((await waiting.json()) as { data: { id: number }[] }).data[0];
  if (existing) return existing.id;
  const failed = await request.get('/v1/projects/1/devices?status=failed&limit=1', { headers });
  const device = ((await failed.json()) as { data: { id: number }[] }).data[0];
  expect(device, 'a failed board of project 1 to send to repair').toBeTruthy();
  const sent = await request.post(`/v1/devices/${device!.id}/repairs`, { headers, data: { reason: 'Fails its end-of-line test (screen walk).' } });
  expect(sent.status(), `sending a board to repair for the walk: ${await sent.text()}`).toBe(201);
  return ((await sent.json()) as { data: { repair_id: number } }).data.repair_id;
}

async function apiLogin(request: APIRequestContext, { username, password }: Credentials) {
  const answer = await request.post('/v1/login', { data: { username, password } });
  expect(answer.status(), `API login of ${username}`).toBe(200);
  const { data } = (await answer.json()) as { data: { type: string; token: string } };
  return `${data.type} ${data.token}`;
}

/**
 * Signs `page` in as `login` (or out, for null) by the stored token, as the app's start-up reads
 * it, without a page load of its own: the next `openScreen` restores it.
 */
export async function useLogin(page: Page, login: Credentials | null) {
  await page.goto('/login');
  if (!login) {
    await page.evaluate(() => window.localStorage.clear());
    return;
  }
  const answer = await page.request.post('/v1/login', { data: login });
  expect(answer.status(), `API login of ${login.username}`).toBe(200);
  const { data: token } = (await answer.json()) as { data: unknown };
  await page.evaluate((t) => window.localStorage.setItem('user-token', JSON.stringify(t)), token);
}

/**
 * Opens a screen and waits until it has settled: its heading shown, nothing loading (no
 * "Loading…" block, no busy table), so what a check measures is the screen a person reads.
 */
export async function openScreen(page: Page, visit: ScreenVisit) {
  await page.goto(visit.path);
  await settle(page);
}

/**
 * Opens a screen the way the app's Back and Forward do (the URL changed, then `popstate`: the
 * app's own guard judges it), in the document already loaded, and waits until it has settled.
 * A page load for each screen cost the app's start-up again and, for the accessibility walk,
 * axe's injection (about 1.2 s a screen on the 2-core machine). Each screen is keyed by its path
 * (route-view.tsx): the heading of the screen before is removed, not reused, so once it is gone
 * `settle` looks at the new screen. Falls back to a page load where no signed-in layout is on show.
 */
async function openScreenInApp(page: Page, visit: ScreenVisit) {
  const marked = await page.evaluate(() => {
    const left = document.querySelectorAll('main h1');
    left.forEach((element) => element.setAttribute('data-walk-left', ''));
    return left.length > 0;
  });
  if (!marked) return openScreen(page, visit);
  // A page load starts with nothing under the pointer; in the same document the pointer still
  // hovers where the last click was (a dialog's opener), and its hover colours would be measured.
  await page.mouse.move(-1, -1);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, visit.path);
  await expect(page.locator('[data-walk-left]')).toHaveCount(0);
  await settle(page);
}

/** Waits for the screen on show to finish loading. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [role="status"]:has(.animate-spin), [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

type Pad = { id: number; name: string; net: string | null; x: number; y: number; side: string; diameter: number; kind: string };
type Group = { name: string; resource_type: { id: number }; pad_ids: number[] };

/**
 * A request of its own for the walk, copied from the demo's MC-300 (its pads and groups), with a
 * module and a cartridge chosen: every processing step up to mapping has its data, and no other
 * spec's request changes. Answers its id; the process screen opens it at "Map pad groups".
 */
export async function requestAtMapStep(request: APIRequestContext): Promise<number> {
  const headers = { authorization: await apiLogin(request, E2E_ADMIN) };
  const ok = async (answer: Promise<import('@playwright/test').APIResponse>, what: string) => {
    const response = await answer;
    expect(response.ok(), `${what}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: unknown }).data;
  };
  const id = ((await ok(
    request.post('/v1/manage/request', {
      headers,
      multipart: {
        projectname: `Walk request ${Date.now().toString(36)}`,
        projectdescription: 'A copy of the MC-300 request for the screen walk.',
        company_id: '2',
        'documents[0]': { name: 'schematic.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    }),
    'the walk request',
  )) as { id: number }).id;
  const pads = (await ok(request.get(`/v1/requests/${MC300_REQUEST_ID}/testpads`, { headers }), 'the MC-300 pads')) as Pad[];
  const copied = (await ok(
    request.post(`/v1/requests/${id}/testpads`, {
      headers,
      data: { pads: pads.map(({ name, net, x, y, side, diameter, kind }) => ({ name, net, x, y, side, diameter, kind })) },
    }),
    'the copied pads',
  )) as Pad[];
  const newId = new Map(pads.map((pad, i) => [pad.id, copied[i]!.id]));
  const groups = (await ok(request.get(`/v1/requests/${MC300_REQUEST_ID}/testpadgroups`, { headers }), 'the MC-300 groups')) as Group[];
  for (const group of groups) {
    await ok(
      request.post(`/v1/requests/${id}/testpadgroups`, {
        headers,
        data: { name: group.name, resource_type_id: group.resource_type.id, pad_ids: group.pad_ids.map((p) => newId.get(p)) },
      }),
      `group ${group.name}`,
    );
  }
  // The demo left the rest of MC-300's pads ungrouped (its pad groups step is unfinished): one group takes them.
  const ungrouped = ((await ok(request.get(`/v1/requests/${id}/testpads`, { headers }), 'the walk pads')) as (Pad & { group_id: number | null })[])
    .filter((pad) => pad.kind !== 'tooling' && pad.group_id === null)
    .map((pad) => pad.id);
  const signals = groups.find((group) => group.name === 'I2C bus') ?? groups[0]!;
  await ok(request.post(`/v1/requests/${id}/testpadgroups`, { headers, data: { name: 'Other signals', resource_type_id: signals.resource_type.id, pad_ids: ungrouped } }), 'the other signals');
  const confirm = (step: string) => ok(request.patch(`/v1/requests/${id}`, { headers, data: { confirmed_step: step } }), `confirming ${step}`);
  for (const step of ['documents', 'testPads', 'pogoBoard', 'padGroups']) await confirm(step);
  await ok(request.post(`/v1/requests/${id}/selectedmodules`, { headers, data: { slot: 1, cassette_module_type_id: 1 } }), 'a module');
  await confirm('modules');
  await ok(request.post(`/v1/requests/${id}/selectedcartridges`, { headers, data: { bay: 1, cartridge_type_id: 3 } }), 'a cartridge');
  await confirm('cartridges');
  return id;
}

/**
 * The processing steps the walk opens on the request at its map step: that step first (where it
 * opens), then the finished ones before it. Not the last, which needs every group mapped.
 */
export const PROCESS_STEP_LABELS = ['mapPadGroups' as const, ...REQUEST_STEPS.filter((step) => step !== 'mapPadGroups' && step !== 'createProject')].map(
  (step) => REQUEST_STEP_LABELS[step],
);

/** Opens a finished step of the request on screen from the processing steps' list. */
export async function openProcessStep(page: Page, label: string) {
  const steps = page.getByRole('navigation', { name: 'Processing steps' });
  const current = steps.locator('[aria-current="step"]');
  if (!((await current.textContent()) ?? '').includes(label)) await steps.getByRole('button', { name: `${label} (finished)` }).click();
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
  await settle(page);
}

/**
 * Walks `visits` in one page, signing in again (and loading the page) only when the login
 * changes, and calls `check` on each settled screen. Answers what `check` found per screen (screens with nothing left out), so
 * one failure lists every screen at fault.
 */
export async function walkScreens(page: Page, visits: readonly ScreenVisit[], check: (visit: ScreenVisit) => Promise<string[]>) {
  const found: Record<string, string[]> = {};
  let signedIn: Credentials | null | undefined;
  for (const visit of visits) {
    if (visit.login !== signedIn) {
      await useLogin(page, visit.login);
      signedIn = visit.login;
      await openScreen(page, visit);
    } else {
      await openScreenInApp(page, visit);
    }
    const problems = await check(visit);
    if (problems.length) found[visit.path] = problems;
  }
  return found;
}
