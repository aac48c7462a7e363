import type { APIRequestContext, APIResponse } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * The map step's "Map N to free pins" opens the server's proposal: a 3V3 rail goes on the PB-40's
 * VCC_3V3 (not VBUS, its first power pin), digital nets on GPIO pins (not SWDIO, its first digital
 * pins), each with the module it needs and why. The person changes one row and maps the rest as
 * proposed. The request is set up through the API up to the map step; the steps before have
 * their own spec (requests.spec.ts).
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Calls the API as the e2e superadmin, failing the test on any refusal. */
async function apiAs(request: APIRequestContext) {
  const login = await request.post('/v1/login', { data: E2E_ADMIN });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const headers = { authorization: `${token.type} ${token.token}` };
  // The answers' shapes are the contract's; the spec reads the few fields it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const check = async (what: string, answer: APIResponse): Promise<any> => {
    expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return ((await answer.json()) as { data: unknown }).data;
  };
  return {
    get: async (url: string) => check(`GET ${url}`, await request.get(url, { headers })),
    post: async (url: string, data: unknown) => check(`POST ${url}`, await request.post(url, { headers, data })),
    patch: async (url: string, data: unknown) => check(`PATCH ${url}`, await request.patch(url, { headers, data })),
    multipart: async (url: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
      check(`POST ${url}`, await request.post(url, { headers, multipart })),
  };
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/** The id of the catalogue row whose name starts with `name` (the demo's). */
async function idOf(api: Api, list: string, name: string): Promise<number> {
  const rows: { id: number; name: string }[] = await api.get(`/v1/${list}?search=${encodeURIComponent(name)}&limit=20`);
  const row = rows.find((r) => r.name.startsWith(name));
  expect(row, `${list}: ${name}`).toBeTruthy();
  return row!.id;
}

/** Acme's request with four nets grouped (a 3V3 rail, two digital nets, ground), a PSU and a GPIO module, a PB-40: at the map step. */
async function requestAtMapStep(api: Api, projectname: string): Promise<number> {
  const company = await idOf(api, 'companies', 'Acme Electronics');
  const request = await api.multipart('/v1/manage/request', {
    projectname,
    projectdescription: 'Proposal of pins: a rail and two digital nets.',
    company_id: String(company),
    'documents[0]': { name: 'schematic.pdf', mimeType: 'application/pdf', buffer: PDF },
  });
  const nets = ['+3V3', 'HALL_A', 'LED_STATUS', 'GND'];
  const pads: { id: number; net: string | null }[] = await api.post(`/v1/requests/${request.id}/testpads`, {
    pads: [
      ...nets.map((net, n) => ({ name: `TP${n + 1}`, net, x: 10 + 10 * n, y: 10, side: 'top', diameter: 1, kind: 'pad' })),
      { name: 'TH1', net: null, x: 2, y: 2, side: 'top', diameter: 3, kind: 'tooling' },
      { name: 'TH2', net: null, x: 60, y: 30, side: 'top', diameter: 3, kind: 'tooling' },
    ],
  });
  const padOf = (net: string) => pads.find((p) => p.net === net)!.id;
  for (const [name, type, net] of [
    ['3V3 rail', 'Power rail', '+3V3'],
    ['HALL_A', 'Digital I/O', 'HALL_A'],
    ['LED_STATUS', 'Digital I/O', 'LED_STATUS'],
    ['GND', 'Ground reference', 'GND'],
  ]) {
    await api.post(`/v1/requests/${request.id}/testpadgroups`, { name, resource_type_id: await idOf(api, 'resourcetypes', type), pad_ids: [padOf(net)] });
  }
  await api.post(`/v1/requests/${request.id}/selectedmodules`, { cassette_module_type_id: await idOf(api, 'cassettemoduletypes', 'PSU-2x30V'), slot: 1 });
  await api.post(`/v1/requests/${request.id}/selectedmodules`, { cassette_module_type_id: await idOf(api, 'cassettemoduletypes', 'GPIO-32'), slot: 2 });
  await api.post(`/v1/requests/${request.id}/selectedcartridges`, { cartridge_type_id: await idOf(api, 'cartridgetypes', 'PB-40'), bay: 1 });
  await api.patch(`/v1/requests/${request.id}`, { confirmed_step: 'cartridges' });
  return request.id;
}

test('“Map N to free pins” proposes VCC_3V3 for the 3V3 rail and GPIO pins for digital nets; a row edited, the rest mapped as proposed', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await apiAs(request);
  const projectname = `E2E pins ${Date.now().toString(36)}`;
  const requestId = await requestAtMapStep(api, projectname);

  await openSignedIn(page, E2E_ADMIN, `/manage/requests/process/${requestId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Map pad groups', exact: true })).toBeVisible();
  await expect(page.getByText('4 of 4 pad groups still need a pin.')).toBeVisible();
  await page.getByRole('button', { name: 'Map 4 to free pins' }).click();

  const dialog = page.getByRole('dialog', { name: 'Proposed pins' });
  const row = (group: string) => dialog.getByRole('listitem', { name: group, exact: true });
  const PB40 = 'Bay 1 · PB-40 Programming cartridge';
  await expect(row('3V3 rail')).toContainText(`${PB40} · 3 VCC_3V3 · Power → Slot 1 · PSU-2x30V`);
  await expect(row('3V3 rail')).toContainText('VCC_3V3 is the 3.3 V rail’s pin, the rail of net +3V3.');
  await expect(row('3V3 rail')).toContainText('PSU-2x30V (slot 1) is the selected PSU module, which Power rail needs.');
  await expect(row('HALL_A')).toContainText(/ GPIO0 · Digital → Slot 2 · GPIO-32/);
  await expect(row('HALL_A')).toContainText('The debug pins (SWDIO, SWCLK, SWO, NRST and');
  await expect(row('LED_STATUS')).toContainText(/ GPIO1 · Digital → Slot 2 · GPIO-32/);
  await expect(row('GND')).toContainText(`${PB40} · 1 GND · Ground`);
  await expect(row('GND')).toContainText('A ground return is wired to the fixture’s ground; no module drives it.');

  // One row changed before accepting: LED_STATUS on GPIO2 instead.
  await row('LED_STATUS').getByRole('button', { name: 'Change LED_STATUS' }).click();
  const ledPin = row('LED_STATUS').getByLabel('Pin for LED_STATUS');
  await expect(ledPin.locator('option:checked')).toHaveText(/ GPIO1 · Digital$/);
  await expect(row('LED_STATUS').getByLabel('Module for LED_STATUS').locator('option:checked')).toHaveText('Slot 2 · GPIO-32');
  const gpio2 = await ledPin.locator('option', { hasText: / GPIO2 · Digital$/ }).textContent();
  await ledPin.selectOption({ label: gpio2! });
  await expect(row('LED_STATUS')).toContainText('Changed by you; proposed: GPIO1.');
  await dialog.getByRole('button', { name: 'Map as shown' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4 pad groups mapped.')).toBeVisible();

  await expect(page.getByText('Every pad group is mapped.')).toBeVisible();
  const mapped = (group: string) => page.getByRole('row').filter({ has: page.getByText(group, { exact: true }) }).first();
  await expect(mapped('3V3 rail')).toContainText('3 VCC_3V3 · Power → Slot 1 · PSU-2x30V');
  await expect(mapped('HALL_A')).toContainText('GPIO0 · Digital → Slot 2 · GPIO-32');
  await expect(mapped('LED_STATUS')).toContainText('GPIO2 · Digital → Slot 2 · GPIO-32');
  // The wiring list, pad by pad: the rail on VCC_3V3, no net on VBUS or a debug pin.
  const wiring = page.getByRole('table', { name: 'Wiring list' });
  await expect(wiring.getByRole('row').filter({ hasText: '+3V3' })).toContainText('3 VCC_3V3');
  for (const wrong of ['VBUS', 'SWDIO', 'SWCLK', 'SWO', 'NRST']) await expect(wiring).not.toContainText(wrong);
  await expect(page.getByRole('main').getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
});
