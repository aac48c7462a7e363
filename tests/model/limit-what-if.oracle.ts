/**
 * What trying new limits must do, written from the feature's wording without reading
 * limit-what-if.machine.ts: "editing → replaying → replayed (edit again, publish) → publishing →
 * published; failures keep the proposal and say what went wrong". A replay needs at least one
 * proposed limit; the answer shown is always the replay of the proposal kept; the publish dialog
 * asks a reason and a version, and a refusal keeps it open with what was typed.
 */
import { expect } from 'vitest';
import type { Effects, ModelEvent, Oracle } from './harness';
import { PROFILE_ID, type WiSnapshot } from './limit-what-if.model';

type Ctx = WiSnapshot['context'];

const NOTHING: Effects = { replayLimits: [], publishProposal: [] };

function expectStep(next: WiSnapshot, value: string, want: Ctx, effects: Effects, calls: Effects = NOTHING) {
  expect(next.value, 'state').toBe(value);
  expect(next.context, 'context').toEqual(want);
  expect(effects, 'calls').toEqual(calls);
}

/** Which user events each state answers; anything else changes nothing. */
const TAKES: Record<string, string[]> = {
  editing: ['replay.submit'],
  replaying: [],
  replayed: ['proposal.edit', 'publish.open'],
  naming: ['publish.cancel', 'publish.submit'],
  publishing: [],
  published: [],
};

export const wiOracle: Oracle<WiSnapshot> = {
  start(s, effects) {
    expect(s.value).toBe('editing');
    expect(s.context).toEqual({ profileId: PROFILE_ID, proposal: null, answer: null, details: null, published: null, failure: null });
    expect(effects).toEqual(NOTHING);
  },

  step(prev, event: ModelEvent, next, effects) {
    const p = prev.context;
    const from = String(prev.value);
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!answer && !TAKES[from].includes(event.type)) {
      expectStep(next, from, p, effects);
      return;
    }
    if (answer) {
      const [, outcome, call] = answer;
      if (call === 'replayLimits') {
        expect(from).toBe('replaying');
        if (outcome === 'done') expectStep(next, 'replayed', { ...p, answer: event.output }, effects);
        // Back to the form, the proposal as it was sent, saying why.
        else expectStep(next, 'editing', { ...p, answer: null, failure: { during: 'replay', error: event.error } }, effects);
        return;
      }
      expect(call).toBe('publishProposal');
      expect(from).toBe('publishing');
      if (outcome === 'done') {
        expectStep(next, 'published', { ...p, published: event.output }, effects);
        expect(next.status).toBe('done');
        expect(next.output).toEqual({ draftId: event.output.draft_profile_id });
      } else {
        // The dialog again, reason and version kept, with what went wrong.
        expectStep(next, 'naming', { ...p, failure: { during: 'publish', error: event.error } }, effects);
      }
      return;
    }
    switch (event.type) {
      case 'replay.submit':
        if (event.proposal.limits.length === 0) {
          // Nothing proposed: nothing to replay.
          expectStep(next, 'editing', p, effects);
          return;
        }
        expectStep(next, 'replaying', { ...p, proposal: event.proposal, answer: null, failure: null }, effects, {
          ...NOTHING,
          replayLimits: [{ profileId: PROFILE_ID, proposal: event.proposal }],
        });
        return;
      case 'proposal.edit':
        // The answer was for the limits before the edit: it goes.
        expectStep(next, 'editing', { ...p, answer: null, failure: null }, effects);
        return;
      case 'publish.open':
        expectStep(next, 'naming', { ...p, failure: null }, effects);
        return;
      case 'publish.cancel':
        expectStep(next, 'replayed', { ...p, failure: null }, effects);
        return;
      case 'publish.submit':
        expectStep(next, 'publishing', { ...p, details: event.details, failure: null }, effects, {
          ...NOTHING,
          publishProposal: [{ profileId: PROFILE_ID, proposal: p.proposal, details: event.details }],
        });
        return;
      default:
        throw new Error(`the limit what-if oracle does not know ${event.type}`);
    }
  },
};
