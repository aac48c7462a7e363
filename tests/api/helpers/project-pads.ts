import { addGroup, requestCatalogue, select, type RequestCatalogue } from './request-catalogue';
import { insertPads, insertRequest } from './requests';
import type { TestApp } from './test-app';

export type BoardProject = {
  project: number;
  pads: { tp1: number; tp2: number; tp3: number; tp4: number; hole1: number; hole2: number };
  groups: { rail: number; line: number };
  /** The test resources the project got from the mapped groups. */
  resources: { rail: number; line: number };
};

async function mapGroup(t: TestApp, group: number, body: Record<string, unknown>) {
  const res = await t.call('PATCH', `/v1/requests/map_pad_group/${group}`, { as: 'root', body });
  if (res.statusCode !== 200) throw new Error(`map pad group: ${res.statusCode} ${res.body}`);
}

/**
 * A project of `company` made from a processed request: pads TP1, TP2 in group "+3V3" (voltage
 * sense, wired to AIN1 of an MX-64 in bay 1), TP3 in "ADC3 line" (digital IO, wired to ADC3),
 * TP4 in no group, and two tooling holes.
 */
export async function boardProject(t: TestApp, company: number, cat?: RequestCatalogue, projectname = `Board ${Date.now()}-${Math.random()}`): Promise<BoardProject & { cat: RequestCatalogue }> {
  const catalogue = cat ?? (await requestCatalogue(t));
  const request = await insertRequest(t, company, { projectname, confirmed_step: 'mapPadGroups' });
  const [tp1, tp2, tp3, hole1, hole2] = await insertPads(t, request, [
    { name: 'TP1', x: 10, y: 10, net: '+3V3' },
    { name: 'TP2', x: 20, y: 10, net: '+3V3', side: 'bottom' },
    { name: 'TP3', x: 30, y: 10, net: 'ADC3' },
    { name: 'H1', x: 2, y: 2, kind: 'tooling', net: null, diameter: 3 },
    { name: 'H2', x: 60, y: 30, kind: 'tooling', net: null, diameter: 3 },
  ]);
  await select(t, request, 'module', catalogue.moduleType, 1);
  const cartridge = await select(t, request, 'cartridge', catalogue.cartridgeTypes.mx, 1);
  const rail = await addGroup(t, request, { name: '+3V3', resource_type_id: catalogue.resourceTypes.voltage, pad_ids: [tp1, tp2] });
  const line = await addGroup(t, request, { name: 'ADC3 line', resource_type_id: catalogue.resourceTypes.dio, pad_ids: [tp3] });
  await mapGroup(t, rail, { selected_cartridge_id: cartridge, connector_pin_id: catalogue.pins.ain1 });
  await mapGroup(t, line, { selected_cartridge_id: cartridge, connector_pin_id: catalogue.pins.adc3 });
  const made = await t.call('PATCH', `/v1/requests/${request}/project`, { as: 'root', body: {} });
  if (made.statusCode !== 200) throw new Error(`create project: ${made.statusCode} ${made.body}`);
  const project = made.json().data.project_id as number;
  // A pad the request left in no group (processing needs every probed pad grouped, so it comes after).
  const [tp4] = await insertPads(t, request, [{ name: 'TP4', x: 40, y: 10, net: null }]);
  const resources = await t.db.selectFrom('test_resources').select(['id', 'test_pad_group_id']).where('project_id', '=', project).execute();
  const resourceOf = (group: number) => resources.find((r) => r.test_pad_group_id === group)!.id;
  return {
    cat: catalogue,
    project,
    pads: { tp1, tp2, tp3, tp4, hole1, hole2 },
    groups: { rail, line },
    resources: { rail: resourceOf(rail), line: resourceOf(line) },
  };
}
