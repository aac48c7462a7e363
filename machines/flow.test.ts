import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendTo, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { firstUnfinished, flowSteps, resumeAt, resumeGuard } from './flow';

/*
 * The pattern of machines/PATTERNS.md on a small flow shaped like processing a project request:
 * a parent that resumes from the server's record and invokes a child machine for one step.
 */
type RequestRecord = { details_confirmed: boolean; pad_groups: number; approved: boolean };

const REQUEST_STEPS = flowSteps<RequestRecord>()([
  { id: 'details', done: (r) => r.details_confirmed },
  { id: 'padGroups', done: (r) => r.pad_groups > 0 },
  { id: 'approval', done: (r) => r.approved },
]);

/** The child: knows nothing of its parent; its outcome is its final `output`. */
const padGroupsMachine = setup({
  types: {
    context: {} as { requestId: number; groups: number },
    input: {} as { requestId: number; groups: number },
    events: {} as { type: 'group.add' } | { type: 'groups.finish' },
    output: {} as { groups: number },
  },
}).createMachine({
  id: 'padGroups',
  context: ({ input }) => input,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'group.add': { actions: assign({ groups: ({ context }) => context.groups + 1 }) },
        'groups.finish': 'finished',
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ groups: context.groups }),
});

type ParentContext = { requestId: number; request: RequestRecord | null };

const requestMachine = setup({
  types: {
    context: {} as ParentContext,
    input: {} as { requestId: number },
    events: {} as { type: 'details.confirm' } | { type: 'group.add' } | { type: 'groups.finish' } | { type: 'request.approve' },
  },
  actors: {
    loadRequest: fromPromise<RequestRecord, { requestId: number }>(async () => {
      throw new Error('loadRequest not provided');
    }),
    padGroups: padGroupsMachine,
  },
  guards: {
    resumesAt: resumeGuard(REQUEST_STEPS, (context: ParentContext) => context.request!),
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ requestId: input.requestId, request: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'resuming', actions: assign({ request: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    resuming: { always: resumeAt(REQUEST_STEPS, 'complete') },
    details: {
      on: {
        'details.confirm': { target: 'resuming', actions: assign({ request: ({ context }) => ({ ...context.request!, details_confirmed: true }) }) },
      },
    },
    padGroups: {
      invoke: {
        id: 'padGroups',
        src: 'padGroups',
        input: ({ context }) => ({ requestId: context.requestId, groups: context.request!.pad_groups }),
        onDone: { target: 'resuming', actions: assign({ request: ({ context, event }) => ({ ...context.request!, pad_groups: event.output.groups }) }) },
        onError: 'failed',
      },
      // The screen may talk to the parent only; the parent hands the child what is the child's.
      on: {
        'group.add': { actions: sendTo('padGroups', ({ event }) => event) },
        'groups.finish': { actions: sendTo('padGroups', ({ event }) => event) },
      },
    },
    approval: {
      on: { 'request.approve': { target: 'resuming', actions: assign({ request: ({ context }) => ({ ...context.request!, approved: true }) }) } },
    },
    complete: { type: 'final' },
    failed: {},
  },
});

const record = (patch: Partial<RequestRecord> = {}): RequestRecord => ({ details_confirmed: false, pad_groups: 0, approved: false, ...patch });

function open(request: RequestRecord) {
  const machine = requestMachine.provide({ actors: { loadRequest: fromPromise(async () => request) } });
  return createActor(machine, { input: { requestId: 9 } }).start();
}
const settled = (actor: ReturnType<typeof open>) => waitFor(actor, (s) => !s.matches('loading'));

describe('firstUnfinished', () => {
  it('is the first step in order whose record is not done, whatever later steps say', () => {
    expect(firstUnfinished(REQUEST_STEPS, record())).toBe('details');
    expect(firstUnfinished(REQUEST_STEPS, record({ details_confirmed: true }))).toBe('padGroups');
    // Approved without pad groups (data entered elsewhere): the earlier gap comes first.
    expect(firstUnfinished(REQUEST_STEPS, record({ details_confirmed: true, approved: true }))).toBe('padGroups');
    expect(firstUnfinished(REQUEST_STEPS, record({ details_confirmed: true, pad_groups: 2 }))).toBe('approval');
  });

  it('is null when every step is done, and for a flow without steps', () => {
    expect(firstUnfinished(REQUEST_STEPS, record({ details_confirmed: true, pad_groups: 1, approved: true }))).toBeNull();
    expect(firstUnfinished([], record())).toBeNull();
  });
});

describe('resumeAt', () => {
  it('is one guarded transition per step, in order, then the way to the end', () => {
    expect(resumeAt(REQUEST_STEPS, 'complete')).toEqual([
      { guard: { type: 'resumesAt', params: { step: 'details' } }, target: 'details' },
      { guard: { type: 'resumesAt', params: { step: 'padGroups' } }, target: 'padGroups' },
      { guard: { type: 'resumesAt', params: { step: 'approval' } }, target: 'approval' },
      { target: 'complete' },
    ]);
  });
});

describe('a parent that resumes from the server and invokes a child', () => {
  it.each([
    [record(), 'details'],
    [record({ details_confirmed: true }), 'padGroups'],
    [record({ details_confirmed: true, approved: true }), 'padGroups'],
    [record({ details_confirmed: true, pad_groups: 3 }), 'approval'],
  ] as const)('reopening %o lands on %s', async (request, step) => {
    const actor = open(request);
    expect((await settled(actor)).value).toBe(step);
    actor.stop();
  });

  it('reopening a finished request shows it finished', async () => {
    const actor = open(record({ details_confirmed: true, pad_groups: 1, approved: true }));
    const s = await settled(actor);
    expect(s.value).toBe('complete');
    expect(s.status).toBe('done');
  });

  it('starts the child with its input, hands it the events, and resumes at the next step on its output', async () => {
    const actor = open(record({ details_confirmed: true }));
    expect((await settled(actor)).value).toBe('padGroups');
    const child = actor.getSnapshot().children.padGroups as ActorRefFrom<typeof padGroupsMachine>;
    expect(child.getSnapshot().context).toEqual({ requestId: 9, groups: 0 });
    actor.send({ type: 'group.add' });
    actor.send({ type: 'group.add' });
    actor.send({ type: 'group.add' });
    expect(child.getSnapshot().context.groups).toBe(3);
    actor.send({ type: 'groups.finish' });
    const s = actor.getSnapshot();
    // The child's outcome updated the record, and resuming found the next unfinished step.
    expect(s.value).toBe('approval');
    expect(s.context.request).toEqual(record({ details_confirmed: true, pad_groups: 3 }));
    expect(s.children.padGroups).toBeUndefined();
    actor.stop();
  });

  it('in its model, the child is a call the path answers with an output, as tests/model/harness does', () => {
    const done = (output: unknown) => ({ type: 'xstate.done.actor.padGroups', output });
    const paths = getShortestPaths(requestMachine as never, {
      input: { requestId: 9 },
      events: [
        { type: 'xstate.done.actor.loadRequest', output: record() },
        { type: 'details.confirm' },
        done({ groups: 2 }),
        { type: 'request.approve' },
      ],
      serializeState: (s: SnapshotFrom<typeof requestMachine>) => JSON.stringify([s.value, s.context.request]),
    } as never) as { state: SnapshotFrom<typeof requestMachine>; steps: { event: { type: string } }[] }[];
    const toEnd = paths.find((p) => p.state.value === 'complete');
    expect(toEnd?.steps.map((s) => s.event.type)).toEqual([
      'xstate.init',
      'xstate.done.actor.loadRequest',
      'details.confirm',
      'xstate.done.actor.padGroups',
      'request.approve',
    ]);
    expect(toEnd?.state.context.request).toEqual(record({ details_confirmed: true, pad_groups: 2, approved: true }));
  });
});
