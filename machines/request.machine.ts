import { assign, fromPromise, setup } from 'xstate';
import { REQUEST_STEP_DONE, REQUEST_STEPS, type ProjectRequest, type RequestStep } from '../contract/requests';
import { flowSteps, resumeAt, resumeGuard } from './flow';
import { padGroupsMachine } from './pad-groups.machine';

/*
 * Processing a project request (`/manage/requests/process/{requestId}`): from the
 * customer's documents to a project, one step at a time. Each step's panel saves its own work
 * through its resource's API; this machine only says which step is shown and moves between steps
 * with the server's word (machines/PATTERNS.md: resuming from server data, a child machine).
 *
 * States (snapshot.value):
 *   loading         `loadRequest` runs (tag busy)
 *   loadFailed      loading failed: `failure`; 'retry'
 *   startingReview  'review.start' on a submitted request: `startReview` puts it in review with
 *                   the person as its reviewer (tag busy), then back on the step shown. Opening
 *                   a request changes nothing: a submitted one stays so until someone starts
 *                   its review (or confirms its documents)
 *   resuming        (transient) to the first step the request's progress says is not finished,
 *                   or `done`; the way every step is left forwards
 *   documents, testPads, pogoBoard, padGroups, modules, cartridges, mapPadGroups, createProject
 *                   one per step (tag step); `step` in the context names the one shown.
 *                   padGroups runs the pad-groups machine: snapshot.children.padGroups
 *   confirming      `confirmStep` tells the server the shown step is finished (tag busy)
 *   refreshing      `loadRequest` again after the data changed (tag busy)
 *   showingStep     (transient) back to the step in `step` (after a failure, or opening one)
 *   rejecting       `rejectRequest` runs (tag busy)
 *   rejected        the request was rejected (`request.rejected_reason`); 'request.reopen'
 *   reopening       `startReview` puts it back in review (tag busy)
 *   creatingProject `createProject` runs (tag busy)
 *   done            final: the project exists (`request.project`)
 *
 * Context: requestId; request (the ProjectRequest as the server last answered it); step (the
 * step shown); revisiting (true while the person looks at an earlier, finished step: Continue
 * then returns through resuming without confirming it again, and a refresh stays on it);
 * rejectReason (the last reason sent, kept when the reject failed); projectDraft ({ name,
 * description } last sent, kept when creating the project failed); failure ({ during, error }
 * of the last call that failed, cleared by the next thing the person does).
 *
 * Calls (setup({ actors }), provided by the screen with `.provide`): loadRequest (also invoked
 * as `refreshRequest`), startReview (also invoked as `reopenRequest`), confirmStep, rejectRequest,
 * createProject, and the child padGroups (pad-groups.machine.ts, input { requestId }). The
 * child's output is not kept: confirming the step answers the request, which says where it stands.
 * Leaving padGroups (a refresh, a reject, opening another step) stops the child; its groups were
 * saved as they were made, and it loads them again when the step is shown again.
 *
 * Events:
 *   'retry'              loadFailed
 *   'step.continue'      a step but padGroups (its child finishes it) and createProject
 *   'step.open' {step}   a step: taken for a step up to the first unfinished one; an earlier one
 *                        is shown as revisiting, the first unfinished one resumes the flow
 *   'request.reject' {reason}  any step (the project does not exist yet)
 *   'request.refresh'    any step: the data changed (another tab, or the step's own save)
 *   'review.start'       documents, while the request is submitted (where a submitted one stands)
 *   'project.create' {name, description}  createProject
 *   'request.reopen'     rejected
 */

/** The steps in order, each done when the contract's rule says so of the request's progress. */
export const PROCESS_STEPS = flowSteps<ProjectRequest>()(REQUEST_STEPS.map((id) => ({ id, done: (r: ProjectRequest) => REQUEST_STEP_DONE[id](r.progress) })));

export type RequestFailure = {
  during: 'load' | 'review' | 'confirm' | 'refresh' | 'padGroups' | 'reject' | 'reopen' | 'project';
  error: unknown;
};

export type ProjectDraft = { name: string; description: string };

export type RequestContext = {
  requestId: number;
  request: ProjectRequest | null;
  step: RequestStep | null;
  revisiting: boolean;
  rejectReason: string;
  projectDraft: ProjectDraft | null;
  failure: RequestFailure | null;
};

export type RequestEvent =
  | { type: 'retry' }
  | { type: 'step.continue' }
  | { type: 'step.open'; step: RequestStep }
  | { type: 'request.reject'; reason: string }
  | { type: 'request.refresh' }
  | { type: 'request.reopen' }
  | { type: 'review.start' }
  | { type: 'project.create'; name: string; description: string };

const answered = (event: unknown) => (event as { output: ProjectRequest }).output;
const indexOf = (step: RequestStep | 'done') => (step === 'done' ? REQUEST_STEPS.length : REQUEST_STEPS.indexOf(step));
/** The first step the request's progress says is not finished ('done' when all are). */
const firstUnfinished = (request: ProjectRequest): RequestStep | 'done' => PROCESS_STEPS.find((s) => !s.done(request))?.id ?? 'done';

/** What every step state takes besides its own work. */
const stepEvents = {
  'step.open': [
    { guard: 'opensFirstUnfinished', target: 'resuming', actions: 'clearFailure' },
    { guard: 'opensFinished', target: 'showingStep', actions: ['clearFailure', 'openStep'] },
  ],
  'request.reject': { target: 'rejecting', actions: ['clearFailure', 'keepRejectReason'] },
  'request.refresh': { target: 'refreshing', actions: 'clearFailure' },
} as const;

const continueEvent = {
  'step.continue': [
    // Looking again at a finished step: nothing to confirm, the data says where the flow stands.
    { guard: 'isRevisiting', target: 'resuming', actions: 'clearFailure' },
    { target: 'confirming', actions: 'clearFailure' },
  ],
} as const;

/** A step's state: it says which step is shown, and takes the events of every step. */
const stepState = <const TOn extends object>(step: RequestStep, on: TOn) => ({
  tags: ['step'],
  entry: { type: 'showStep' as const, params: { step } },
  on: { ...stepEvents, ...on },
});

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as { requestId: number },
  },
  actors: {
    /** `GET /requests/{id}`. */
    loadRequest: fromPromise<ProjectRequest, { requestId: number }>(async () => {
      throw new Error('loadRequest actor not provided');
    }),
    /** `POST /requests/{id}/review`: starts the review of a submitted request, reopens a rejected one. */
    startReview: fromPromise<ProjectRequest, { requestId: number }>(async () => {
      throw new Error('startReview actor not provided');
    }),
    /** `PATCH /requests/{id}` `{ confirmed_step: step }`; 422 with the step's blocker. */
    confirmStep: fromPromise<ProjectRequest, { requestId: number; step: RequestStep }>(async () => {
      throw new Error('confirmStep actor not provided');
    }),
    /** `PATCH /requests/{id}` `{ status: 'rejected', rejected_reason: reason }`. */
    rejectRequest: fromPromise<ProjectRequest, { requestId: number; reason: string }>(async () => {
      throw new Error('rejectRequest actor not provided');
    }),
    /** `PATCH /requests/{id}/project`; answers the request as it stands after (completed, with its project). */
    createProject: fromPromise<ProjectRequest, { requestId: number } & ProjectDraft>(async () => {
      throw new Error('createProject actor not provided');
    }),
    padGroups: padGroupsMachine,
  },
  guards: {
    resumesAt: resumeGuard(PROCESS_STEPS, (context: RequestContext) => context.request!),
    /** The step to go back to (after a failure, or opened) is this one. */
    shows: ({ context }, params: { step: RequestStep }) => context.step === params.step,
    isRevisiting: ({ context }) => context.revisiting,
    isSubmitted: ({ context }) => context.request?.status === 'submitted',
    answersRejected: ({ event }) => answered(event).status === 'rejected',
    opensFirstUnfinished: ({ context, event }) => (event as { step: RequestStep }).step === firstUnfinished(context.request!),
    opensFinished: ({ context, event }) => indexOf((event as { step: RequestStep }).step) < indexOf(firstUnfinished(context.request!)),
  },
  actions: {
    showStep: assign({ step: (_, params: { step: RequestStep }) => params.step }),
    keepRequest: assign({ request: ({ event }) => answered(event) }),
    clearFailure: assign({ failure: null }),
    recordFailure: assign({
      failure: ({ event }, params: { during: RequestFailure['during'] }) => ({ during: params.during, error: (event as { error?: unknown }).error }),
    }),
    openStep: assign({ step: ({ event }) => (event as { step: RequestStep }).step, revisiting: true }),
    keepProjectDraft: assign({
      projectDraft: ({ event }) => {
        const { name, description } = event as Extract<RequestEvent, { type: 'project.create' }>;
        return { name, description };
      },
    }),
    keepRejectReason: assign({ rejectReason: ({ event }) => (event as { reason: string }).reason }),
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({
    requestId: input.requestId,
    request: null,
    step: null,
    revisiting: false,
    rejectReason: '',
    projectDraft: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: [
          { guard: 'answersRejected', target: 'rejected', actions: ['keepRequest', 'clearFailure'] },
          { target: 'resuming', actions: ['keepRequest', 'clearFailure'] },
        ],
        onError: { target: 'loadFailed', actions: { type: 'recordFailure', params: { during: 'load' } } },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    startingReview: {
      tags: ['busy'],
      invoke: {
        id: 'startReview',
        src: 'startReview',
        input: ({ context }) => ({ requestId: context.requestId }),
        // Back on the step shown, which the review does not change.
        onDone: { target: 'showingStep', actions: 'keepRequest' },
        onError: { target: 'showingStep', actions: { type: 'recordFailure', params: { during: 'review' } } },
      },
    },
    resuming: {
      entry: assign({ revisiting: false }),
      always: resumeAt(PROCESS_STEPS, 'done'),
    },
    showingStep: {
      always: REQUEST_STEPS.map((step) => ({ guard: { type: 'shows' as const, params: { step } }, target: step })),
    },
    // A submitted request stands here: confirming any step moves it on to in_progress.
    documents: stepState('documents', {
      ...continueEvent,
      'review.start': { guard: 'isSubmitted', target: 'startingReview', actions: 'clearFailure' },
    }),
    testPads: stepState('testPads', continueEvent),
    pogoBoard: stepState('pogoBoard', continueEvent),
    padGroups: {
      ...stepState('padGroups', {}),
      invoke: {
        id: 'padGroups',
        src: 'padGroups',
        input: ({ context }) => ({ requestId: context.requestId }),
        // The groups are saved; the server's progress says whether the step is finished.
        onDone: [
          { guard: 'isRevisiting', target: 'resuming', actions: 'clearFailure' },
          { target: 'confirming', actions: 'clearFailure' },
        ],
        // A fault of the child (its own failures have their retry inside): start it afresh.
        onError: { target: 'showingStep', actions: { type: 'recordFailure', params: { during: 'padGroups' } } },
      },
    },
    modules: stepState('modules', continueEvent),
    cartridges: stepState('cartridges', continueEvent),
    mapPadGroups: stepState('mapPadGroups', continueEvent),
    createProject: stepState('createProject', {
      'project.create': {
        target: 'creatingProject',
        actions: ['clearFailure', 'keepProjectDraft'],
      },
    }),
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmStep',
        src: 'confirmStep',
        input: ({ context }) => ({ requestId: context.requestId, step: context.step! }),
        onDone: { target: 'resuming', actions: 'keepRequest' },
        // Back on the step with the server's reason; the step's work was saved by its panel.
        onError: { target: 'showingStep', actions: { type: 'recordFailure', params: { during: 'confirm' } } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: [
          { guard: 'answersRejected', target: 'rejected', actions: 'keepRequest' },
          // Someone looking at an earlier step stays on it; Continue finds the flow's place.
          { guard: 'isRevisiting', target: 'showingStep', actions: 'keepRequest' },
          { target: 'resuming', actions: 'keepRequest' },
        ],
        onError: { target: 'showingStep', actions: { type: 'recordFailure', params: { during: 'refresh' } } },
      },
    },
    rejecting: {
      tags: ['busy'],
      invoke: {
        id: 'rejectRequest',
        src: 'rejectRequest',
        input: ({ context }) => ({ requestId: context.requestId, reason: context.rejectReason }),
        onDone: { target: 'rejected', actions: 'keepRequest' },
        // Back on the step, the reason kept for the dialog.
        onError: { target: 'showingStep', actions: { type: 'recordFailure', params: { during: 'reject' } } },
      },
    },
    rejected: {
      on: { 'request.reopen': { target: 'reopening', actions: 'clearFailure' } },
    },
    reopening: {
      tags: ['busy'],
      invoke: {
        id: 'reopenRequest',
        src: 'startReview',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'resuming', actions: 'keepRequest' },
        onError: { target: 'rejected', actions: { type: 'recordFailure', params: { during: 'reopen' } } },
      },
    },
    creatingProject: {
      tags: ['busy'],
      invoke: {
        id: 'createProject',
        src: 'createProject',
        input: ({ context }) => ({ requestId: context.requestId, ...context.projectDraft! }),
        onDone: { target: 'done', actions: 'keepRequest' },
        // The form shows what was typed (projectDraft) and why it was refused.
        onError: { target: 'createProject', actions: { type: 'recordFailure', params: { during: 'project' } } },
      },
    },
    done: { type: 'final' },
  },
});

export type RequestMachine = typeof requestMachine;
