/**
 * What the SPEC and docs/architecture.md "Access" say each step of registering by invitation must do, written
 * without reading invite.machine.ts: where an answer of the server leads, what is kept, which
 * calls go out. Compared with the harness's record of every step.
 */
import { expect } from 'vitest';
import type { InvitePreview, InviteRegisterResult } from '../../contract/invites';
import { EMPTY_DRAFT, type InviteFailure, type InviteInput, type RegisterDraft } from '../../machines/invite.machine';
import type { Effects, ModelEvent, Oracle } from './harness';
import type { InviteSnapshot } from './invite.model';

const NOTHING: Effects = { readInvite: [], register: [], accept: [], startSession: [], openProject: [], logOut: [] };

/** The page a link that can no longer be used shows, per status (the preview's or a 410's). */
const DEAD_END = { accepted: 'used', revoked: 'revoked', expired: 'expired' } as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where reading a link leads, from what the server said about it and who opened it. */
function afterReading(preview: InvitePreview, viewer: InviteInput['viewer']): string {
  if (preview.status !== 'pending') return DEAD_END[preview.status];
  // A signed-in visitor never gets the form: the invitee accepts, anyone else is told it is not theirs.
  if (viewer) return sameAddress(viewer.email, preview.email) ? 'accept' : 'wrongAccount';
  // Nobody registers into a manufacturer's company that exists: they log in and accept.
  return preview.registration === 'existing_company' ? 'existingCompany' : 'register';
}

/** Where a refused register or accept leads: a dead link says why, else the form again with the reason. */
function afterRefusal(failure: InviteFailure, form: 'register' | 'accept'): string {
  if (failure.status === 410 && failure.gone) return DEAD_END[failure.gone];
  if (form === 'register' && failure.status === 409) return 'existingCompany';
  return form;
}

const expectAt = (s: InviteSnapshot, state: string, changes: Partial<InviteSnapshot['context']>, prev?: InviteSnapshot) => {
  expect(String(s.value), 'state').toBe(state);
  if (prev) expect(s.context).toEqual({ ...prev.context, ...changes });
};

export const inviteOracle: Oracle<InviteSnapshot> = {
  start(s, effects, input) {
    const { token, viewer } = input as InviteInput;
    expect(s.context).toEqual({ token, viewer, invite: null, draft: EMPTY_DRAFT, failure: null, projectId: null });
    if (!token) {
      // A link without a token cannot be asked about.
      expectAt(s, 'invalid', {});
      expect(effects).toEqual(NOTHING);
      return;
    }
    expectAt(s, 'reading', {});
    expect(effects).toEqual({ ...NOTHING, readInvite: [{ token }] });
  },

  step(prev, event: ModelEvent, next, effects) {
    const from = String(prev.value);
    const token = prev.context.token!;
    switch (event.type) {
      case 'xstate.done.actor.readInvite': {
        expect(from).toBe('reading');
        const preview = event.output as InvitePreview;
        expectAt(next, afterReading(preview, prev.context.viewer), { invite: preview }, prev);
        expect(effects).toEqual(NOTHING);
        return;
      }
      case 'xstate.error.actor.readInvite': {
        expect(from).toBe('reading');
        const failure = event.error as InviteFailure;
        // An unknown token is a dead end; anything else (no network) can be tried again.
        if (failure.status === 404) expectAt(next, 'invalid', {}, prev);
        else expectAt(next, 'readFailed', { failure }, prev);
        expect(effects).toEqual(NOTHING);
        return;
      }
      case 'retry':
        expect(from).toBe('readFailed');
        expectAt(next, 'reading', { failure: null }, prev);
        expect(effects).toEqual({ ...NOTHING, readInvite: [{ token }] });
        return;
      case 'register.submit': {
        expect(from).toBe('register');
        const draft = event.draft as RegisterDraft;
        expectAt(next, 'registering', { draft, failure: null }, prev);
        // The invited email is not sent: the server takes it from the invitation.
        expect(effects).toEqual({ ...NOTHING, register: [{ token, draft }] });
        return;
      }
      case 'xstate.done.actor.register': {
        expect(from).toBe('registering');
        const result = event.output as InviteRegisterResult;
        expectAt(next, 'joined', { projectId: result.project_id }, prev);
        // The new login goes to the root machine, which stores it and opens the project.
        expect(effects).toEqual({ ...NOTHING, startSession: [{ result }] });
        return;
      }
      case 'xstate.error.actor.register': {
        expect(from).toBe('registering');
        const failure = event.error as InviteFailure;
        const to = afterRefusal(failure, 'register');
        // What was typed stays; the reason is kept where a page shows it (not on a dead end).
        expectAt(next, to, to in { used: 1, revoked: 1, expired: 1 } ? {} : { failure }, prev);
        expect(effects).toEqual(NOTHING);
        return;
      }
      case 'accept.submit':
        expect(from).toBe('accept');
        expectAt(next, 'accepting', { failure: null }, prev);
        expect(effects).toEqual({ ...NOTHING, accept: [{ token }] });
        return;
      case 'xstate.done.actor.accept': {
        expect(from).toBe('accepting');
        const projectId = (event.output as { project_id: number }).project_id;
        expectAt(next, 'joined', { projectId }, prev);
        expect(effects).toEqual({ ...NOTHING, openProject: [{ projectId }] });
        return;
      }
      case 'xstate.error.actor.accept': {
        expect(from).toBe('accepting');
        const failure = event.error as InviteFailure;
        const to = afterRefusal(failure, 'accept');
        expectAt(next, to, to === 'accept' ? { failure } : {}, prev);
        expect(effects).toEqual(NOTHING);
        return;
      }
      case 'logout':
        // Someone else's link: logging out (then back to the link) is the way on; the page stays until then.
        expect(from).toBe('wrongAccount');
        expectAt(next, 'wrongAccount', {}, prev);
        expect(effects).toEqual({ ...NOTHING, logOut: [null] });
        return;
      default:
        throw new Error(`the invite oracle does not know ${event.type}`);
    }
  },
};
