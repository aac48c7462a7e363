/**
 * The test model of the pad-groups machine (the pad-groups step of processing a request, run
 * alone as the request machine's child is): a board of three pads (a pad and a via on GND, and a
 * tooling hole on GND's copper), what the person can click in each state, and what the server answers. The
 * server here is a small fake that answers a change as the API would (the group as saved), so
 * the paths carry real answers; `pad-groups.oracle.ts` says what each step must do.
 */
import type { SnapshotFrom } from 'xstate';
import type { TestPad, TestPadGroup } from '../../contract/requests';
import { padGroupsMachine, type GroupChange } from '../../machines/pad-groups.machine';
import type { Model, ModelEvent, ModelPath } from './harness';

export type PgSnapshot = SnapshotFrom<typeof padGroupsMachine>;
export type PgPath = ModelPath<PgSnapshot>;

export const REQUEST_ID = 31;
const T = '2026-11-20T09:00:00.000Z';

const pad = (id: number, name: string, net: string | null, kind: TestPad['kind'], x: number): TestPad => ({
  id,
  request_id: REQUEST_ID,
  name,
  net,
  x,
  y: 10,
  side: 'top',
  diameter: kind === 'tooling' ? 3.2 : 1,
  kind,
  probe: kind === 'tooling' ? null : 'P100',
  group_id: null,
});

export const GND_PAD = pad(11, 'TP1', 'GND', 'pad', 0);
export const GND_VIA = pad(12, 'TP2', 'GND', 'via', 5);
/** On GND's copper, but a guide pin's hole: never probed, never grouped. */
export const TOOLING = pad(19, 'H1', 'GND', 'tooling', 20);
export const PADS = [GND_PAD, GND_VIA, TOOLING];

export const RESOURCE_TYPES: Record<number, string> = { 7: 'Digital I/O', 8: 'Power supply' };

export const group = (id: number, name: string, resourceTypeId: number, pad_ids: number[]): TestPadGroup => ({
  id,
  request_id: REQUEST_ID,
  name,
  resource_type: { id: resourceTypeId, name: RESOURCE_TYPES[resourceTypeId] },
  pad_ids,
  mapping: null,
  created_at: T,
  updated_at: T,
});

/** Two starts: nothing grouped yet, and a request reopened with one pad in a group. */
export const LOADS = {
  'nothing grouped': { pads: PADS, groups: [] as TestPadGroup[] },
  'a pad grouped': { pads: PADS, groups: [group(1, 'Supply', 8, [GND_VIA.id])] },
};

export const NETWORK_DOWN = new Error('Network Error');
export const NAME_TAKEN = Object.assign(new Error('A group of this request is called that already.'), { status: 422 });

const numeric = (ids: number[]) => [...ids].sort((a, b) => a - b);

type InvokeId = 'loadGroups' | 'saveGroup';
const done = (id: InvokeId, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: InvokeId, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

/** The server's answer to a change: the group as saved (a new one gets the lowest free id), null for a delete. */
export function serverAnswer(groups: TestPadGroup[], change: GroupChange): TestPadGroup | null {
  if (change.action === 'create') {
    const id = [1, 2, 3].find((n) => !groups.some((g) => g.id === n))!;
    return group(id, change.body.name, change.body.resource_type_id, numeric(change.body.pad_ids));
  }
  if (change.action === 'delete') return null;
  const old = groups.find((g) => g.id === change.groupId)!;
  switch (change.action) {
    case 'rename':
      return { ...old, name: change.body.name };
    case 'setResourceType':
      return { ...old, resource_type: { id: change.body.resource_type_id, name: RESOURCE_TYPES[change.body.resource_type_id] } };
    case 'assign':
      return { ...old, pad_ids: numeric([...old.pad_ids, ...change.body.add_pad_ids]) };
    case 'removePads':
      return { ...old, pad_ids: old.pad_ids.filter((id) => !change.body.remove_pad_ids.includes(id)) };
  }
}

/** The picks the drawing offers: a click, shift-click, ctrl-click, a band over the via and the hole, a net. */
export const PICKS: ModelEvent[] = [
  { type: 'pads.select', ids: [GND_PAD.id], mode: 'replace' },
  { type: 'pads.select', ids: [GND_VIA.id], mode: 'add' },
  { type: 'pads.select', ids: [GND_PAD.id], mode: 'toggle' },
  { type: 'pads.select', ids: [GND_VIA.id, TOOLING.id], mode: 'replace' },
  { type: 'pads.selectNet', net: 'GND' },
  { type: 'selection.clear' },
];

/** What the screen lets the person do in a snapshot. Groups are capped at two to keep the graph small. */
export function userEvents(s: PgSnapshot): ModelEvent[] {
  const { groups, selection } = s.context;
  if (s.matches('loadFailed')) return [{ type: 'retry' }];
  if (s.matches('saveFailed')) return [{ type: 'retry' }, { type: 'dismiss' }];
  if (!s.matches('editing')) return [];
  const events: ModelEvent[] = [...PICKS, { type: 'groups.finish' }];
  // A new group needs a selection on the screen (its button is off without one).
  if (groups.length < 2 && selection.length) {
    events.push({ type: 'group.create', name: groups.some((g) => g.name === 'Supply') ? 'Signals' : 'Supply', resourceTypeId: 7 });
  }
  for (const g of groups) {
    // The buttons are there whatever is selected; the machine decides whether they change anything.
    events.push({ type: 'group.assign', groupId: g.id }, { type: 'group.removePads', groupId: g.id }, { type: 'group.delete', groupId: g.id });
  }
  const first = groups[0];
  if (first && first.name !== 'Power') events.push({ type: 'group.rename', groupId: first.id, name: 'Power' });
  if (first && first.resource_type.id === 7) events.push({ type: 'group.setResourceType', groupId: first.id, resourceTypeId: 8 });
  return events;
}

export function callEvents(s: PgSnapshot): ModelEvent[] {
  if (s.matches('loading')) return [...Object.values(LOADS).map((load) => done('loadGroups', load)), error('loadGroups', NETWORK_DOWN)];
  if (s.matches('saving')) {
    const change = s.context.change!;
    return [done('saveGroup', serverAnswer(s.context.groups, change)), error('saveGroup', change.action === 'delete' ? NETWORK_DOWN : NAME_TAKEN)];
  }
  return [];
}

/**
 * Groups are named by id and pads only: a renamed group (or one of another resource type) is the
 * same state of the graph, so the graph stays small; the oracle still checks every name and type.
 */
export function serializeState(s: PgSnapshot): string {
  const { groups, selection, change, failure, ungroupedOnFinish } = s.context;
  return JSON.stringify({
    value: s.value,
    padsLoaded: s.context.pads.length,
    groups: groups.map((g) => `${g.id}:${numeric(g.pad_ids).join(',')}`),
    selection: numeric(selection).join(','),
    change: change && `${change.action} ${'groupId' in change ? change.groupId : ''}`,
    failure: failure?.during ?? null,
    ungroupedOnFinish,
  });
}

export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message})`;
  if (m?.[2] === 'loadGroups') return `loadGroups ok (${(event.output as { groups: unknown[] }).groups.length} groups)`;
  if (m?.[2] === 'saveGroup') return `saveGroup ok (${event.output ? `group ${(event.output as TestPadGroup).id}: ${(event.output as TestPadGroup).pad_ids.join(',')}` : 'deleted'})`;
  switch (event.type) {
    case 'pads.select':
      return `pads.select ${event.mode} ${event.ids.join(',')}`;
    case 'pads.selectNet':
      return `pads.selectNet ${event.net}`;
    case 'group.create':
      return `group.create ${event.name}`;
    case 'group.rename':
      return `group.rename ${event.groupId} ${event.name}`;
    case 'group.setResourceType':
      return `group.setResourceType ${event.groupId} ${event.resourceTypeId}`;
    default:
      return 'groupId' in event ? `${event.type} ${event.groupId}` : event.type;
  }
}

export const pgModel: Model<PgSnapshot> = {
  machine: padGroupsMachine,
  inputs: { [`request ${REQUEST_ID}`]: { requestId: REQUEST_ID } },
  events: (s) => [...userEvents(s), ...callEvents(s)],
  serializeState,
  describeEvent,
  effects: [],
};
