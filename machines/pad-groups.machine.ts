import { assign, fromPromise, setup } from 'xstate';
import type { TestPad, TestPadGroup } from '../contract/requests';
import { inGroup, notIn, padsOnNet, selectPads, ungroupedCount, withoutGroup, withSaved, type SelectMode } from './pad-groups';

/*
 * The pad-groups step of processing a request: the request machine invokes it as
 * `padGroups` with `{ requestId }`; it can run and be model-tested alone (it knows nothing of
 * its parent). Every change is saved at once; the selection lives only here.
 *
 * States (snapshot.value):
 *   loading      `loadGroups` runs (tag busy)
 *   loadFailed   the load failed: `failure` says why; 'retry'
 *   editing      the drawing and the group list; every event below
 *   saving       `saveGroup` runs with `change` (tag busy)
 *   saveFailed   the save failed: `failure` says why, `change` what was sent, the selection is
 *                kept; 'retry' sends the same change again, 'dismiss' goes back to editing
 *   finished     final; output { groups }
 *
 * Context: requestId, pads (all of the request's, tooling holes included), groups, selection
 * (pad ids, in pad order, never a tooling hole), change (the save running or failed),
 * failure ({ during: 'load' | 'save', error }), ungroupedOnFinish (set when 'groups.finish' was
 * refused: how many probed pads are in no group; cleared by the next event).
 *
 * Events (editing): 'pads.select' {ids, mode: 'replace' | 'add' | 'toggle'} (click, rubber band,
 * shift / ctrl), 'pads.selectNet' {net}, 'selection.clear', 'group.create' {name, resourceTypeId}
 * (with the selection), 'group.rename' {groupId, name}, 'group.setResourceType' {groupId,
 * resourceTypeId}, 'group.assign' {groupId} (moves the selected pads into it), 'group.removePads'
 * {groupId} (takes the selected pads out of it), 'group.delete' {groupId}, 'groups.finish'.
 * 'group.assign' and 'group.removePads' that would change nothing are not taken.
 */

/** The save a change makes; the screen's `saveGroup` turns it into its HTTP call. */
export type GroupChange =
  /** `POST /requests/{id}/testpadgroups` (the pads move from their groups). */
  | { action: 'create'; body: { name: string; resource_type_id: number; pad_ids: number[] } }
  /** `PATCH /testpadgroups/{groupId}` with `body`. */
  | { action: 'rename'; groupId: number; body: { name: string } }
  | { action: 'setResourceType'; groupId: number; body: { resource_type_id: number } }
  | { action: 'assign'; groupId: number; body: { add_pad_ids: number[] } }
  | { action: 'removePads'; groupId: number; body: { remove_pad_ids: number[] } }
  /** `DELETE /testpadgroups/{groupId}`. */
  | { action: 'delete'; groupId: number };

export type PadGroupsFailure = { during: 'load' | 'save'; error: unknown };

export type PadGroupsData = { pads: TestPad[]; groups: TestPadGroup[] };

export type PadGroupsContext = PadGroupsData & {
  requestId: number;
  selection: number[];
  change: GroupChange | null;
  failure: PadGroupsFailure | null;
  ungroupedOnFinish: number | null;
};

export type PadGroupsEvent =
  | { type: 'retry' }
  | { type: 'dismiss' }
  | { type: 'pads.select'; ids: number[]; mode: SelectMode }
  | { type: 'pads.selectNet'; net: string }
  | { type: 'selection.clear' }
  | { type: 'group.create'; name: string; resourceTypeId: number }
  | { type: 'group.rename'; groupId: number; name: string }
  | { type: 'group.setResourceType'; groupId: number; resourceTypeId: number }
  | { type: 'group.assign'; groupId: number }
  | { type: 'group.removePads'; groupId: number }
  | { type: 'group.delete'; groupId: number }
  | { type: 'groups.finish' };

export type PadGroupsOutput = { groups: TestPadGroup[] };

const groupIn = (context: PadGroupsContext, groupId: number) => context.groups.find((group) => group.id === groupId);

/** Changes that moved the selected pads somewhere: the selection has done its work. */
const MOVES_PADS: GroupChange['action'][] = ['create', 'assign', 'removePads'];

export const padGroupsMachine = setup({
  types: {
    context: {} as PadGroupsContext,
    events: {} as PadGroupsEvent,
    input: {} as { requestId: number },
    output: {} as PadGroupsOutput,
  },
  actors: {
    /** `GET /requests/{id}/testpads` and `GET /requests/{id}/testpadgroups`. */
    loadGroups: fromPromise<PadGroupsData, { requestId: number }>(async () => {
      throw new Error('loadGroups actor not provided');
    }),
    /** The change's call; answers the group as saved, or null for a delete. */
    saveGroup: fromPromise<TestPadGroup | null, { requestId: number; change: GroupChange }>(async () => {
      throw new Error('saveGroup actor not provided');
    }),
  },
  guards: {
    /** Some selected pad is not in the group yet. */
    canAssign: ({ context, event }) => {
      const group = groupIn(context, (event as { groupId: number }).groupId);
      return !!group && notIn(group, context.selection).length > 0;
    },
    /** Some selected pad is in the group. */
    canRemovePads: ({ context, event }) => {
      const group = groupIn(context, (event as { groupId: number }).groupId);
      return !!group && inGroup(group, context.selection).length > 0;
    },
    allGrouped: ({ context }) => ungroupedCount(context.pads, context.groups) === 0,
  },
  actions: {
    /** Starts a save: what it sends, with nothing said of the last one. */
    send: assign((_, change: GroupChange) => ({ change, failure: null, ungroupedOnFinish: null })),
    recordFailure: assign({
      failure: ({ event }, params: { during: PadGroupsFailure['during'] }) => ({ during: params.during, error: (event as { error?: unknown }).error }),
    }),
  },
}).createMachine({
  id: 'padGroups',
  context: ({ input }) => ({
    requestId: input.requestId,
    pads: [],
    groups: [],
    selection: [],
    change: null,
    failure: null,
    ungroupedOnFinish: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadGroups',
        src: 'loadGroups',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ pads: event.output.pads, groups: event.output.groups, failure: null })),
        },
        onError: { target: 'loadFailed', actions: { type: 'recordFailure', params: { during: 'load' } } },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    editing: {
      on: {
        'pads.select': {
          actions: assign(({ context, event }) => ({
            selection: selectPads(context.pads, context.selection, event.ids, event.mode),
            ungroupedOnFinish: null,
          })),
        },
        'pads.selectNet': {
          actions: assign(({ context, event }) => ({ selection: padsOnNet(context.pads, event.net), ungroupedOnFinish: null })),
        },
        'selection.clear': { actions: assign({ selection: [], ungroupedOnFinish: null }) },
        'group.create': {
          target: 'saving',
          actions: {
            type: 'send',
            params: ({ context, event }) => ({
              action: 'create' as const,
              body: { name: event.name, resource_type_id: event.resourceTypeId, pad_ids: context.selection },
            }),
          },
        },
        'group.rename': {
          target: 'saving',
          actions: { type: 'send', params: ({ event }) => ({ action: 'rename' as const, groupId: event.groupId, body: { name: event.name } }) },
        },
        'group.setResourceType': {
          target: 'saving',
          actions: {
            type: 'send',
            params: ({ event }) => ({ action: 'setResourceType' as const, groupId: event.groupId, body: { resource_type_id: event.resourceTypeId } }),
          },
        },
        'group.assign': {
          guard: 'canAssign',
          target: 'saving',
          actions: {
            type: 'send',
            params: ({ context, event }) => ({
              action: 'assign' as const,
              groupId: event.groupId,
              body: { add_pad_ids: notIn(groupIn(context, event.groupId)!, context.selection) },
            }),
          },
        },
        'group.removePads': {
          guard: 'canRemovePads',
          target: 'saving',
          actions: {
            type: 'send',
            params: ({ context, event }) => ({
              action: 'removePads' as const,
              groupId: event.groupId,
              body: { remove_pad_ids: inGroup(groupIn(context, event.groupId)!, context.selection) },
            }),
          },
        },
        'group.delete': {
          target: 'saving',
          actions: { type: 'send', params: ({ event }) => ({ action: 'delete' as const, groupId: event.groupId }) },
        },
        'groups.finish': [
          { guard: 'allGrouped', target: 'finished' },
          // Stay, and say how many pads still need a group.
          { actions: assign({ ungroupedOnFinish: ({ context }) => ungroupedCount(context.pads, context.groups) }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveGroup',
        src: 'saveGroup',
        input: ({ context }) => ({ requestId: context.requestId, change: context.change! }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const change = context.change!;
            return {
              groups: change.action === 'delete' ? withoutGroup(context.groups, change.groupId) : withSaved(context.groups, event.output!),
              selection: MOVES_PADS.includes(change.action) ? [] : context.selection,
              change: null,
            };
          }),
        },
        // The selection and the change stay: retry sends it again, or dismiss and do something else.
        onError: { target: 'saveFailed', actions: { type: 'recordFailure', params: { during: 'save' } } },
      },
    },
    saveFailed: {
      on: {
        retry: { target: 'saving', actions: assign({ failure: null }) },
        dismiss: { target: 'editing', actions: assign({ failure: null, change: null }) },
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ groups: context.groups }),
});

export type PadGroupsMachine = typeof padGroupsMachine;
