import { assign, fromPromise, setup } from 'xstate';
import type { LimitProposal, LimitWhatIfAnswer, ProposedLimit, WhatIfScopeInput } from '../contract/limit-what-if';

/** What the person proposes: new limits for some steps, and the history to replay them on. */
export type WhatIfProposal = { limits: ProposedLimit[]; scope: WhatIfScopeInput };

/** How the new draft is published: why (kept with it), and its version. */
export type PublishDetails = { reason: string; version: string };

/** The step that failed, so the screen can say what went wrong and where. */
export type WhatIfFailure = { during: 'replay' | 'publish'; error: unknown };

export type LimitWhatIfContext = {
  profileId: number;
  /** The proposal last replayed (or being replayed): kept through failures, so nothing typed is lost. */
  proposal: WhatIfProposal | null;
  /** The replay of `proposal`; null while the proposal is being edited, as it no longer matches. */
  answer: LimitWhatIfAnswer | null;
  /** What the publish dialog sent last, kept for a retry after a refusal. */
  details: PublishDetails | null;
  published: LimitProposal | null;
  failure: WhatIfFailure | null;
};

export type LimitWhatIfEvent =
  | { type: 'replay.submit'; proposal: WhatIfProposal }
  /** A limit or the scope changed after a replay: its answer is stale. */
  | { type: 'proposal.edit' }
  | { type: 'publish.open' }
  | { type: 'publish.cancel' }
  | { type: 'publish.submit'; details: PublishDetails };

/**
 * Trying new limits for a test profile (`/testprofiles/{id}/what-if`): edit the proposal, replay
 * it against history, read the answer (edit again, or publish), publish it as a new draft with a
 * reason. A failed replay returns to editing and a refused publish to its dialog, each with the
 * proposal and the reason kept and what went wrong. Published ends the flow with the new draft.
 */
export const limitWhatIfMachine = setup({
  types: {
    context: {} as LimitWhatIfContext,
    events: {} as LimitWhatIfEvent,
    input: {} as { profileId: number },
    output: {} as { draftId: number | null },
  },
  actors: {
    /** `POST /testprofiles/{id}/what-if`. */
    replayLimits: fromPromise<LimitWhatIfAnswer, { profileId: number; proposal: WhatIfProposal }>(async () => {
      throw new Error('replayLimits actor not provided');
    }),
    /** `POST /testprofiles/{id}/limit-proposals`. */
    publishProposal: fromPromise<LimitProposal, { profileId: number; proposal: WhatIfProposal; details: PublishDetails }>(async () => {
      throw new Error('publishProposal actor not provided');
    }),
  },
  guards: {
    hasLimits: ({ event }) => event.type === 'replay.submit' && event.proposal.limits.length > 0,
  },
  actions: {
    recordFailure: assign({
      failure: ({ event }, params: { during: WhatIfFailure['during'] }) => ({ during: params.during, error: (event as { error?: unknown }).error }),
    }),
    takeProposal: assign({
      proposal: ({ event }) => (event as Extract<LimitWhatIfEvent, { type: 'replay.submit' }>).proposal,
      answer: null,
      failure: null,
    }),
  },
}).createMachine({
  id: 'limitWhatIf',
  context: ({ input }) => ({ profileId: input.profileId, proposal: null, answer: null, details: null, published: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'replay.submit': { guard: 'hasLimits', target: 'replaying', actions: 'takeProposal' },
      },
    },
    replaying: {
      tags: ['busy'],
      invoke: {
        id: 'replayLimits',
        src: 'replayLimits',
        input: ({ context }) => ({ profileId: context.profileId, proposal: context.proposal! }),
        onDone: { target: 'replayed', actions: assign({ answer: ({ event }) => event.output }) },
        // The proposal stays for the person to fix (a 422 on a limit) or send again.
        onError: { target: 'editing', actions: { type: 'recordFailure', params: { during: 'replay' } } },
      },
    },
    replayed: {
      on: {
        'proposal.edit': { target: 'editing', actions: assign({ answer: null, failure: null }) },
        'publish.open': { target: 'naming', actions: assign({ failure: null }) },
      },
    },
    /** The publish dialog: a reason and the new draft's version. */
    naming: {
      on: {
        'publish.cancel': { target: 'replayed', actions: assign({ failure: null }) },
        'publish.submit': { target: 'publishing', actions: assign({ details: ({ event }) => event.details, failure: null }) },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publishProposal',
        src: 'publishProposal',
        input: ({ context }) => ({ profileId: context.profileId, proposal: context.proposal!, details: context.details! }),
        onDone: { target: 'published', actions: assign({ published: ({ event }) => event.output }) },
        // A taken version or no network: the dialog again, with what was typed and why it failed.
        onError: { target: 'naming', actions: { type: 'recordFailure', params: { during: 'publish' } } },
      },
    },
    published: { type: 'final' },
  },
  output: ({ context }) => ({ draftId: context.published?.draft_profile_id ?? null }),
});

export type LimitWhatIfMachine = typeof limitWhatIfMachine;
