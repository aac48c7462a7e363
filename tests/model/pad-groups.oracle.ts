/**
 * What editing pad groups must do ("create a group with a resource type, add pads by
 * clicking or rubber-band selecting them on the drawing or by net, rename, move pads between
 * groups, delete; a pad is in at most one group; every pad that needs a probe ends in a group
 * before the step completes"), written without reading pad-groups.machine.ts or its pure file:
 * the selection maths, the groups after an answer and the count of ungrouped pads are worked out
 * here again from that wording.
 */
import { expect } from 'vitest';
import type { TestPad, TestPadGroup } from '../../contract/requests';
import type { Effects, ModelEvent, Oracle } from './harness';
import { REQUEST_ID, type PgSnapshot } from './pad-groups.model';

type Ctx = PgSnapshot['context'];

const NOTHING: Effects = { loadGroups: [], saveGroup: [] };
const LOAD = { ...NOTHING, loadGroups: [{ requestId: REQUEST_ID }] };
const saves = (change: unknown): Effects => ({ ...NOTHING, saveGroup: [{ requestId: REQUEST_ID, change }] });

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
/** Tooling holes are guide pins: no probe, so nobody selects or groups them. */
const needsProbe = (pad: TestPad) => pad.kind !== 'tooling';
const selectable = (pads: TestPad[], ids: readonly number[]) => ids.filter((id) => pads.some((p) => p.id === id && needsProbe(p)));

/** The selection after a pick: a click replaces it, shift adds to it, ctrl flips the pads picked. */
function picked(pads: TestPad[], selection: number[], event: ModelEvent): number[] | null {
  switch (event.type) {
    case 'pads.select': {
      const ids = selectable(pads, event.ids);
      if (event.mode === 'replace') return sorted(new Set(ids));
      if (event.mode === 'add') return sorted(new Set([...selection, ...ids]));
      return sorted([...selection.filter((id) => !ids.includes(id)), ...ids.filter((id) => !selection.includes(id))]);
    }
    case 'pads.selectNet':
      return sorted(pads.filter((p) => needsProbe(p) && p.net === event.net).map((p) => p.id));
    case 'selection.clear':
      return [];
    default:
      return null;
  }
}

/** Probed pads in no group. */
const ungrouped = (c: Pick<Ctx, 'pads' | 'groups'>) => c.pads.filter((p) => needsProbe(p) && !c.groups.some((g) => g.pad_ids.includes(p.id))).length;

/** The groups once the server saved `saved`: it is there as answered, and its pads are in no other group. */
function afterSave(groups: TestPadGroup[], saved: TestPadGroup | null, deletedId: number | null): TestPadGroup[] {
  if (saved === null) return groups.filter((g) => g.id !== deletedId);
  const rest = groups.filter((g) => g.id !== saved.id).map((g) => ({ ...g, pad_ids: g.pad_ids.filter((id) => !saved.pad_ids.includes(id)) }));
  return [...rest, saved];
}

/** Groups compared by content, in any order (the list order is the screen's business). */
const normalGroups = (groups: TestPadGroup[]) =>
  [...groups].sort((a, b) => a.id - b.id).map((g) => ({ ...g, pad_ids: sorted(g.pad_ids) }));

function expectContext(prev: Ctx, next: Ctx, changes: Partial<Ctx>) {
  const want = { ...prev, ...changes };
  const normal = (c: Ctx) => ({ ...c, selection: sorted(c.selection), groups: normalGroups(c.groups) });
  expect(normal(next), 'context').toEqual(normal(want));
}
const expectState = (s: PgSnapshot, value: string) => expect(s.value, 'state').toBe(value);
const expectCalls = (effects: Effects, want: Effects) => expect(effects, 'calls').toEqual(want);

/** The change a group event sends, or null when it would change nothing (and nothing is sent). */
function changeFor(c: Ctx, event: ModelEvent): object | null {
  const target = c.groups.find((g) => g.id === event.groupId);
  switch (event.type) {
    case 'group.create':
      return { action: 'create', body: { name: event.name, resource_type_id: event.resourceTypeId, pad_ids: c.selection } };
    case 'group.rename':
      return { action: 'rename', groupId: event.groupId, body: { name: event.name } };
    case 'group.setResourceType':
      return { action: 'setResourceType', groupId: event.groupId, body: { resource_type_id: event.resourceTypeId } };
    case 'group.assign': {
      const moving = c.selection.filter((id) => !target!.pad_ids.includes(id));
      return moving.length ? { action: 'assign', groupId: event.groupId, body: { add_pad_ids: moving } } : null;
    }
    case 'group.removePads': {
      const leaving = c.selection.filter((id) => target!.pad_ids.includes(id));
      return leaving.length ? { action: 'removePads', groupId: event.groupId, body: { remove_pad_ids: leaving } } : null;
    }
    case 'group.delete':
      return { action: 'delete', groupId: event.groupId };
    default:
      throw new Error(`not a group event: ${event.type}`);
  }
}

/** A change's pad lists compared as sets. */
function normalChange(change: unknown) {
  const c = JSON.parse(JSON.stringify(change)) as { body?: Record<string, unknown> };
  for (const key of ['pad_ids', 'add_pad_ids', 'remove_pad_ids']) if (c.body?.[key]) c.body[key] = sorted(c.body[key] as number[]);
  return c;
}
const normalEffects = (effects: Effects) => ({
  ...effects,
  saveGroup: (effects.saveGroup as { requestId: number; change: unknown }[]).map((s) => ({ ...s, change: normalChange(s.change) })),
});

export const pgOracle: Oracle<PgSnapshot> = {
  start(s, effects) {
    expectState(s, 'loading');
    expect(s.context).toEqual({ requestId: REQUEST_ID, pads: [], groups: [], selection: [], change: null, failure: null, ungroupedOnFinish: null });
    expectCalls(effects, LOAD);
  },

  step(prev, event, next, effects) {
    const p = prev.context;
    const n = next.context;
    const from = String(prev.value);
    const selection = picked(p.pads, p.selection, event);
    if (selection) {
      expect(from).toBe('editing');
      expectState(next, 'editing');
      expectContext(p, n, { selection, ungroupedOnFinish: null });
      expectCalls(effects, NOTHING);
      return;
    }
    if (event.type.startsWith('group.')) {
      expect(from).toBe('editing');
      const change = changeFor(p, event);
      if (!change) {
        // Assigning pads that are all in the group already, or removing none of its pads: nothing to save.
        expectState(next, 'editing');
        expectContext(p, n, {});
        expectCalls(effects, NOTHING);
        return;
      }
      expectState(next, 'saving');
      expect(normalChange(n.change), 'the change kept for a retry').toEqual(normalChange(change));
      expectContext(p, n, { change: n.change, failure: null, ungroupedOnFinish: null });
      expect(normalEffects(effects)).toEqual(saves(normalChange(change)));
      return;
    }
    switch (event.type) {
      case 'xstate.done.actor.loadGroups': {
        expect(from).toBe('loading');
        const { pads, groups } = event.output as { pads: TestPad[]; groups: TestPadGroup[] };
        expectState(next, 'editing');
        expectContext(p, n, { pads, groups, failure: null });
        expectCalls(effects, NOTHING);
        return;
      }
      case 'xstate.error.actor.loadGroups':
        expect(from).toBe('loading');
        expectState(next, 'loadFailed');
        expectContext(p, n, { failure: { during: 'load', error: event.error } });
        expectCalls(effects, NOTHING);
        return;
      case 'retry':
        if (from === 'loadFailed') {
          expectState(next, 'loading');
          expectContext(p, n, {});
          expectCalls(effects, LOAD);
          return;
        }
        // The same change again, the selection untouched.
        expect(from).toBe('saveFailed');
        expectState(next, 'saving');
        expectContext(p, n, { failure: null });
        expect(normalEffects(effects)).toEqual(saves(normalChange(p.change)));
        return;
      case 'dismiss':
        expect(from).toBe('saveFailed');
        expectState(next, 'editing');
        expectContext(p, n, { failure: null, change: null });
        expectCalls(effects, NOTHING);
        return;
      case 'xstate.done.actor.saveGroup': {
        expect(from).toBe('saving');
        const change = p.change as { action: string; groupId?: number };
        const saved = event.output as TestPadGroup | null;
        expect(saved === null, 'only a delete answers no group').toBe(change.action === 'delete');
        // Pads that were placed somewhere leave the selection; a rename or a type change keeps it.
        const placedPads = ['create', 'assign', 'removePads'].includes(change.action);
        expectState(next, 'editing');
        expectContext(p, n, {
          groups: afterSave(p.groups, saved, change.groupId ?? null),
          selection: placedPads ? [] : p.selection,
          change: null,
        });
        // A pad is in at most one group.
        const all = n.groups.flatMap((g) => g.pad_ids);
        expect(new Set(all).size, 'a pad in two groups').toBe(all.length);
        expectCalls(effects, NOTHING);
        return;
      }
      case 'xstate.error.actor.saveGroup':
        // Nothing picked is lost: the selection and the change stay, with the reason.
        expect(from).toBe('saving');
        expectState(next, 'saveFailed');
        expectContext(p, n, { failure: { during: 'save', error: event.error } });
        expectCalls(effects, NOTHING);
        return;
      case 'groups.finish': {
        expect(from).toBe('editing');
        const missing = ungrouped(p);
        expectCalls(effects, NOTHING);
        if (missing === 0) {
          expectState(next, 'finished');
          expect(next.status).toBe('done');
          expect(next.output).toEqual({ groups: p.groups });
          return;
        }
        // Refused, saying how many pads that need a probe are in no group.
        expectState(next, 'editing');
        expectContext(p, n, { ungroupedOnFinish: missing });
        return;
      }
      default:
        throw new Error(`the pad-groups oracle does not know ${event.type}`);
    }
  },
};
