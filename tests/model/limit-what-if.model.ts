/**
 * The test model of the limit what-if flow, on the bare actor: one profile, two proposals (and an
 * empty one the screen cannot send but the machine must refuse), what the server answers to a
 * replay and a publish (an answer, no network, a refusal), and what the person can click.
 * `limit-what-if.oracle.ts` says what each step must do.
 */
import type { SnapshotFrom } from 'xstate';
import type { LimitProposal, LimitWhatIfAnswer } from '../../contract/limit-what-if';
import { limitWhatIfMachine, type PublishDetails, type WhatIfProposal } from '../../machines/limit-what-if.machine';
import type { Model, ModelEvent } from './harness';

export type WiSnapshot = SnapshotFrom<typeof limitWhatIfMachine>;

export const PROFILE_ID = 12;
export const DRAFT_ID = 31;

export const PROPOSALS: Record<string, WhatIfProposal> = {
  'vout wider': { limits: [{ step: 'vout', low: 3.1, high: 3.5 }], scope: { versions: 'this' } },
  'ripple tighter, last month': { limits: [{ step: 'ripple', low: null, high: 40 }], scope: { from: '2026-11-01', to: '2026-11-30', versions: 'all' } },
  nothing: { limits: [], scope: { versions: 'this' } },
};

export const DETAILS: PublishDetails = { reason: 'Probe change moved vout up by 50 mV.', version: '1.1' };

const summary = {
  scope: { from: '2026-09-09', to: '2026-12-07', batch_id: null, jig_id: null, versions: 'this' as const },
  runs: 120,
  truncated: false,
  cap: 100_000,
  boards: 100,
  first_runs: 100,
  first_passes: { now: 90, projected: 94 },
  first_pass_yield: { now: 0.9, projected: 0.94 },
  escapes: { first_runs: 4, all_runs: 5 },
  new_fails: { first_runs: 0, all_runs: 0 },
};
export const ANSWER: LimitWhatIfAnswer = { ...summary, steps: [], flips: { data: [], total: 5 } };

export const PUBLISHED: LimitProposal = {
  id: 4,
  project_id: 2,
  from_profile: { id: PROFILE_ID, name: 'EOL', version: '1.0' },
  draft_profile_id: DRAFT_ID,
  reason: DETAILS.reason,
  changes: [{ step: 'vout', unit: 'V', old: { low: 3.2, high: 3.4 }, new: { low: 3.1, high: 3.5 } }],
  summary,
  created_by: { id: 3, username: 'acme-engineer' },
  created_at: '2026-12-07T10:00:00.000Z',
};

export const NETWORK_DOWN = new Error('Network Error');
export const VERSION_TAKEN = Object.assign(new Error('Some fields are not valid.'), { status: 422, errors: { version: ['taken'] } });
export const UNKNOWN_STEP = Object.assign(new Error('Some fields are not valid.'), { status: 422, errors: { 'limits.0.step': ['no such step'] } });

type InvokeId = 'replayLimits' | 'publishProposal';
const done = (id: InvokeId, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: InvokeId, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

/** Every button the screen has, offered in every state: one a state does not take must change nothing. */
export const USER_EVENTS: ModelEvent[] = [
  ...Object.values(PROPOSALS).map((proposal) => ({ type: 'replay.submit', proposal })),
  { type: 'proposal.edit' },
  { type: 'publish.open' },
  { type: 'publish.cancel' },
  { type: 'publish.submit', details: DETAILS },
];

function callEvents(s: WiSnapshot): ModelEvent[] {
  if (s.matches('replaying')) return [done('replayLimits', ANSWER), error('replayLimits', NETWORK_DOWN), error('replayLimits', UNKNOWN_STEP)];
  if (s.matches('publishing')) return [done('publishProposal', PUBLISHED), error('publishProposal', VERSION_TAKEN), error('publishProposal', NETWORK_DOWN)];
  return [];
}

const proposalName = (p: WhatIfProposal | null) => (p ? Object.entries(PROPOSALS).find(([, v]) => v === p)?.[0] ?? 'other' : null);

export function serializeState(s: WiSnapshot): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    proposal: proposalName(c.proposal),
    answer: !!c.answer,
    details: !!c.details,
    published: !!c.published,
    failure: c.failure ? `${c.failure.during}: ${(c.failure.error as Error).message}` : null,
  });
}

export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message}${(event.error as { errors?: object }).errors ? ` ${Object.keys((event.error as { errors: object }).errors)[0]}` : ''})`;
  if (m) return `${m[2]} ok`;
  if (event.type === 'replay.submit') return `replay.submit ${proposalName(event.proposal as WhatIfProposal)}`;
  return event.type;
}

export const wiModel: Model<WiSnapshot> = {
  machine: limitWhatIfMachine,
  inputs: { [`profile ${PROFILE_ID}`]: { profileId: PROFILE_ID } },
  // A published flow has ended: its screen has moved on to the draft.
  events: (s) => (s.status === 'done' ? [] : [...USER_EVENTS, ...callEvents(s)]),
  serializeState,
  describeEvent,
  effects: [],
};
