/**
 * The test model of the request machine (processing a request, `/manage/requests/process/{id}`):
 * what opening the page can load (one record per way a request can be half done), what the
 * person can do in each state, and what the server answers. The pad-groups child is a call here
 * answered with its output (its inside has its own model). `request.oracle.ts` says what each
 * step must do.
 */
import type { SnapshotFrom } from 'xstate';
import type { ProjectRequest, RequestStep } from '../../contract/requests';
import { requestMachine } from '../../machines/request.machine';
import type { Model, ModelEvent, ModelPath } from './harness';
import {
  BLOCKED,
  CHILD_CRASHED,
  COMPLETED_409,
  confirmed,
  inReview,
  LOADS,
  NETWORK_DOWN,
  padUngroupedElsewhere,
  PROJECT_DRAFT,
  REASON,
  rejectedWith,
  REQUEST_ID,
  withProject,
} from './request.fixtures';

export type ReqSnapshot = SnapshotFrom<typeof requestMachine>;
export type ReqPath = ModelPath<ReqSnapshot>;

type InvokeId = 'loadRequest' | 'startReview' | 'confirmStep' | 'refreshRequest' | 'rejectRequest' | 'reopenRequest' | 'createProject' | 'padGroups';
const done = (id: InvokeId, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: InvokeId, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

export const STEPS: RequestStep[] = ['documents', 'testPads', 'pogoBoard', 'padGroups', 'modules', 'cartridges', 'mapPadGroups', 'createProject'];
const isStep = (value: unknown): value is RequestStep => STEPS.includes(value as RequestStep);

/**
 * What the person can do: Continue (the pad-groups child has its own finish), any step of the
 * step bar, reject, the panel's saves, and Start review (offered whatever the status: the
 * machine must take it only while the request is submitted).
 */
export function userEvents(s: ReqSnapshot): ModelEvent[] {
  if (s.matches('loadFailed')) return [{ type: 'retry' }];
  if (s.matches('rejected')) return [{ type: 'request.reopen' }];
  const value = s.value as string;
  if (!isStep(value)) return [];
  return [
    ...(value === 'padGroups' || value === 'createProject' ? [] : [{ type: 'step.continue' }]),
    ...(value === 'createProject' ? [{ type: 'project.create', ...PROJECT_DRAFT }] : []),
    // The step bar: the steps before the step shown, the step shown, and the one after it (not
    // yet reachable unless revisiting: the machine must not open that). Fewer than all eight keeps the graph small.
    ...STEPS.filter((_, i) => i <= STEPS.indexOf(value) + 1).map((step) => ({ type: 'step.open', step })),
    { type: 'request.reject', reason: REASON },
    { type: 'request.refresh' },
    { type: 'review.start' },
  ];
}

export function callEvents(s: ReqSnapshot): ModelEvent[] {
  const r = s.context.request!;
  const step = s.context.step!;
  switch (s.value as string) {
    case 'loading':
      return [...Object.values(LOADS).map((load) => done('loadRequest', load)), error('loadRequest', NETWORK_DOWN)];
    case 'startingReview':
      return [done('startReview', inReview(r)), error('startReview', NETWORK_DOWN)];
    case 'confirming':
      return [done('confirmStep', confirmed(r, step)), error('confirmStep', BLOCKED)];
    case 'refreshing':
      return [
        done('refreshRequest', r),
        ...(r.progress.groups > 0 && r.progress.ungrouped_pads === 0 ? [done('refreshRequest', padUngroupedElsewhere(r))] : []),
        done('refreshRequest', rejectedWith(r, 'Rejected in another tab.')),
        error('refreshRequest', NETWORK_DOWN),
      ];
    case 'rejecting':
      return [done('rejectRequest', rejectedWith(r, s.context.rejectReason)), error('rejectRequest', COMPLETED_409)];
    case 'reopening':
      return [done('reopenRequest', inReview(r)), error('reopenRequest', NETWORK_DOWN)];
    case 'creatingProject':
      return [done('createProject', withProject(r)), error('createProject', BLOCKED)];
    case 'padGroups':
      return [done('padGroups', { groups: [] }), error('padGroups', CHILD_CRASHED)];
    default:
      return [];
  }
}

/**
 * What tells states apart. Left out, to keep the graph small (the oracle still checks them on
 * every step): the reason and the project form last sent, and, once the request is rejected, the
 * step it was rejected from (reopening resumes from the data).
 */
export function serializeState(s: ReqSnapshot): string {
  const { request, step, revisiting, failure } = s.context;
  const offStep = s.matches('rejected') || s.matches('reopening');
  return JSON.stringify({
    value: s.value,
    step: offStep ? null : step,
    revisiting: offStep ? null : revisiting,
    failure: failure?.during ?? null,
    status: request?.status ?? null,
    progress: request && Object.values(request.progress).join(','),
  });
}

const loadName = (r: ProjectRequest) => Object.entries(LOADS).find(([, load]) => load === r)?.[0];

export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message})`;
  if (m?.[2] === 'padGroups') return 'padGroups finished';
  if (m) {
    const r = event.output as ProjectRequest;
    const name = loadName(r) ?? `${r.status} ${Object.values(r.progress).join(',')}`;
    return `${m[2]} ok (${name})`;
  }
  if (event.type === 'step.open') return `step.open ${event.step}`;
  return event.type;
}

export const reqModel: Model<ReqSnapshot> = {
  machine: requestMachine,
  inputs: { [`request ${REQUEST_ID}`]: { requestId: REQUEST_ID } },
  events: (s) => [...userEvents(s), ...callEvents(s)],
  serializeState,
  describeEvent,
  effects: [],
};
