/**
 * What processing a request must do (DOMAIN.md "Request processing"), written without
 * reading request.machine.ts, nor the contract's REQUEST_STEP_DONE: the step a request stands at
 * is worked out here again from DOMAIN's wording ("a step is finished when the server's data says
 * so: pads exist and the pogo board has no errors; every probed pad is in a group; every group is
 * mapped; the project exists", and the contract's note that a step counts once a superadmin
 * confirmed it and its data still holds), with plain counts.
 */
import { expect } from 'vitest';
import type { ProjectRequest, RequestProgress, RequestStep } from '../../contract/requests';
import type { Effects, ModelEvent, Oracle } from './harness';
import { REQUEST_ID } from './request.fixtures';
import type { ReqSnapshot } from './request.model';

type Ctx = ReqSnapshot['context'];
type Place = RequestStep | 'done';

/** DOMAIN.md's order of the steps. */
const ORDER: RequestStep[] = ['documents', 'testPads', 'pogoBoard', 'padGroups', 'modules', 'cartridges', 'mapPadGroups', 'createProject'];

/** Whether the counts still hold what each step made (whoever confirmed it). */
function dataHolds(step: RequestStep, p: RequestProgress): boolean {
  switch (step) {
    case 'documents':
      return true;
    case 'testPads':
      return p.pads > 0;
    case 'pogoBoard':
      return p.pads > 0 && p.pogo_errors === 0;
    case 'padGroups':
      return p.groups > 0 && p.ungrouped_pads === 0;
    case 'modules':
      return p.modules > 0;
    case 'cartridges':
      return p.cartridges > 0;
    case 'mapPadGroups':
      return p.groups > 0 && p.unmapped_groups === 0;
    case 'createProject':
      return false;
  }
}

/** Where a request stands: once the project exists it is done; else the first step not confirmed or whose data broke since. */
export function standsAt(r: ProjectRequest): Place {
  const p = r.progress;
  if (p.project_id !== null) return 'done';
  const confirmedUpTo = p.confirmed_step === null ? -1 : ORDER.indexOf(p.confirmed_step);
  for (const [i, step] of ORDER.entries()) if (i > confirmedUpTo || !dataHolds(step, p)) return step;
  return 'createProject';
}

const CALLS = ['loadRequest', 'startReview', 'confirmStep', 'rejectRequest', 'createProject', 'padGroups'] as const;
type Call = (typeof CALLS)[number];
const NOTHING: Effects = Object.fromEntries(CALLS.map((c) => [c, []]));
const calls = (...made: [Call, unknown][]): Effects => {
  const out: Effects = Object.fromEntries(CALLS.map((c) => [c, []]));
  for (const [name, input] of made) out[name].push(input);
  return out;
};
const ID = { requestId: REQUEST_ID };

const expectState = (s: ReqSnapshot, value: string) => expect(s.value, 'state').toBe(value);
function expectContext(prev: Ctx, next: Ctx, changes: Partial<Ctx>) {
  expect(next, 'context').toEqual({ ...prev, ...changes });
}
const expectCalls = (effects: Effects, want: Effects) => expect(effects, 'calls').toEqual(want);

/**
 * Arriving on a step (or done): the shown step is named in the context, and the pad-groups step
 * starts its child with the request's id. `revisiting` says whether the person went back.
 */
function expectArrival(prev: Ctx, next: ReqSnapshot, effects: Effects, place: Place, changes: Partial<Ctx>, revisiting: boolean) {
  expectState(next, place);
  if (place === 'done') {
    expect(next.status, 'a request with its project is finished').toBe('done');
    expectContext(prev, next.context, { ...changes, revisiting });
  } else {
    expectContext(prev, next.context, { ...changes, step: place, revisiting });
  }
  expectCalls(effects, place === 'padGroups' ? calls(['padGroups', ID]) : NOTHING);
}

/** Forwards: the step the request's data says. */
const resume = (prev: Ctx, next: ReqSnapshot, effects: Effects, request: ProjectRequest, changes: Partial<Ctx> = {}) =>
  expectArrival(prev, next, effects, standsAt(request), { request, ...changes }, false);

/** Back to the step that was shown, e.g. with what went wrong. */
const backOnStep = (prev: Ctx, next: ReqSnapshot, effects: Effects, changes: Partial<Ctx>) =>
  expectArrival(prev, next, effects, prev.step!, changes, prev.revisiting);

const failed = (during: string, event: ModelEvent) => ({ failure: { during, error: event.error } }) as Partial<Ctx>;

export const reqOracle: Oracle<ReqSnapshot> = {
  start(s, effects) {
    expectState(s, 'loading');
    expect(s.context).toEqual({ requestId: REQUEST_ID, request: null, step: null, revisiting: false, rejectReason: '', projectDraft: null, failure: null });
    expectCalls(effects, calls(['loadRequest', ID]));
  },

  step(prev, event, next, effects) {
    const p = prev.context;
    const from = String(prev.value);
    const onStep = (ORDER as string[]).includes(from);
    const output = event.output as ProjectRequest;
    switch (event.type) {
      case 'xstate.done.actor.loadRequest':
        expect(from).toBe('loading');
        if (output.status === 'rejected') {
          expectState(next, 'rejected');
          expectContext(p, next.context, { request: output, failure: null });
          expectCalls(effects, NOTHING);
        } else {
          // Opening a request, submitted or not, changes nothing on the server: it only loads it.
          resume(p, next, effects, output, { failure: null });
        }
        return;
      case 'xstate.error.actor.loadRequest':
        expect(from).toBe('loading');
        expectState(next, 'loadFailed');
        expectContext(p, next.context, failed('load', event));
        expectCalls(effects, NOTHING);
        return;
      case 'retry':
        expect(from).toBe('loadFailed');
        expectState(next, 'loading');
        expectContext(p, next.context, {});
        expectCalls(effects, calls(['loadRequest', ID]));
        return;
      case 'review.start':
        expect(onStep).toBe(true);
        if (p.request!.status === 'submitted') {
          expectState(next, 'startingReview');
          expectContext(p, next.context, { failure: null });
          expectCalls(effects, calls(['startReview', ID]));
        } else {
          // Only a submitted request's review can start: anything else stays as it is.
          expectState(next, from);
          expectContext(p, next.context, {});
          expectCalls(effects, NOTHING);
        }
        return;
      case 'xstate.done.actor.startReview':
        // In review, named its reviewer, on the step the person was looking at.
        expect(from).toBe('startingReview');
        expect(output.status).toBe('in_review');
        backOnStep(p, next, effects, { request: output });
        return;
      case 'xstate.error.actor.startReview':
        expect(from).toBe('startingReview');
        backOnStep(p, next, effects, failed('review', event));
        return;
      case 'step.continue':
        expect(onStep).toBe(true);
        if (p.revisiting) {
          // A step looked at again was confirmed before: no call, on to where the data says.
          resume(p, next, effects, p.request!, { failure: null });
          return;
        }
        expectState(next, 'confirming');
        expectContext(p, next.context, { failure: null });
        expectCalls(effects, calls(['confirmStep', { ...ID, step: from }]));
        return;
      case 'xstate.done.actor.padGroups':
        expect(from).toBe('padGroups');
        if (p.revisiting) {
          resume(p, next, effects, p.request!, { failure: null });
          return;
        }
        // The child finished: the step is confirmed like any other.
        expectState(next, 'confirming');
        expectContext(p, next.context, { failure: null });
        expectCalls(effects, calls(['confirmStep', { ...ID, step: 'padGroups' }]));
        return;
      case 'xstate.error.actor.padGroups':
        expect(from).toBe('padGroups');
        backOnStep(p, next, effects, failed('padGroups', event));
        return;
      case 'xstate.done.actor.confirmStep':
        expect(from).toBe('confirming');
        resume(p, next, effects, output);
        return;
      case 'xstate.error.actor.confirmStep':
        expect(from).toBe('confirming');
        backOnStep(p, next, effects, failed('confirm', event));
        return;
      case 'step.open': {
        expect(onStep).toBe(true);
        const here = standsAt(p.request!);
        const target = event.step as RequestStep;
        if (target === here) {
          // The step bar's current step: back in the flow.
          resume(p, next, effects, p.request!, { failure: null });
        } else if (ORDER.indexOf(target) < ORDER.indexOf(here as RequestStep)) {
          expectArrival(p, next, effects, target, { failure: null }, true);
        } else {
          // A step not reached yet does not open.
          expectState(next, from);
          expectContext(p, next.context, {});
          expectCalls(effects, NOTHING);
        }
        return;
      }
      case 'request.reject':
        expect(onStep).toBe(true);
        expectState(next, 'rejecting');
        expectContext(p, next.context, { failure: null, rejectReason: event.reason });
        expectCalls(effects, calls(['rejectRequest', { ...ID, reason: event.reason }]));
        return;
      case 'xstate.done.actor.rejectRequest':
        expect(from).toBe('rejecting');
        expectState(next, 'rejected');
        expectContext(p, next.context, { request: output });
        expectCalls(effects, NOTHING);
        return;
      case 'xstate.error.actor.rejectRequest':
        // Back on the step; the reason stays for the dialog.
        expect(from).toBe('rejecting');
        backOnStep(p, next, effects, failed('reject', event));
        return;
      case 'request.refresh':
        expect(onStep).toBe(true);
        expectState(next, 'refreshing');
        expectContext(p, next.context, { failure: null });
        expectCalls(effects, calls(['loadRequest', ID]));
        return;
      case 'xstate.done.actor.refreshRequest':
        expect(from).toBe('refreshing');
        if (output.status === 'rejected') {
          expectState(next, 'rejected');
          expectContext(p, next.context, { request: output });
          expectCalls(effects, NOTHING);
        } else if (p.revisiting) {
          // Someone looking at an earlier step stays on it.
          backOnStep(p, next, effects, { request: output });
        } else {
          resume(p, next, effects, output);
        }
        return;
      case 'xstate.error.actor.refreshRequest':
        expect(from).toBe('refreshing');
        backOnStep(p, next, effects, failed('refresh', event));
        return;
      case 'request.reopen':
        expect(from).toBe('rejected');
        expectState(next, 'reopening');
        expectContext(p, next.context, { failure: null });
        expectCalls(effects, calls(['startReview', ID]));
        return;
      case 'xstate.done.actor.reopenRequest':
        expect(from).toBe('reopening');
        expect(output.status).toBe('in_review');
        resume(p, next, effects, output);
        return;
      case 'xstate.error.actor.reopenRequest':
        expect(from).toBe('reopening');
        expectState(next, 'rejected');
        expectContext(p, next.context, failed('reopen', event));
        expectCalls(effects, NOTHING);
        return;
      case 'project.create':
        expect(from).toBe('createProject');
        expectState(next, 'creatingProject');
        expectContext(p, next.context, { failure: null, projectDraft: { name: event.name, description: event.description } });
        expectCalls(effects, calls(['createProject', { ...ID, name: event.name, description: event.description }]));
        return;
      case 'xstate.done.actor.createProject':
        expect(from).toBe('creatingProject');
        expectState(next, 'done');
        expect(next.status).toBe('done');
        expectContext(p, next.context, { request: output });
        expectCalls(effects, NOTHING);
        return;
      case 'xstate.error.actor.createProject':
        // The form keeps what was typed, with the reason.
        expect(from).toBe('creatingProject');
        expectArrival(p, next, effects, 'createProject', failed('project', event), p.revisiting);
        return;
      default:
        throw new Error(`the request oracle does not know ${event.type}`);
    }
  },
};
