/**
 * Model-based tests of the invite machine on the register screen, on the harness: `xstate/graph`
 * derives a path to every transition for every kind of visitor, each runs on the rendered
 * `InviteView` with the calls answered per path, `invite.oracle.ts` checks every step and
 * `invite.screen.tsx` what the screen shows.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { InvitePreview } from '../../contract/invites';
import { inviteMachine, type RegisterDraft } from '../../machines/invite.machine';
import { InviteView } from '../../src/screens/register/invite-view';
import { createHarness, edgePaths, pathsOrError, type ModelPath } from './harness';
import { FAILURES, inviteModel, PREVIEWS, TOKEN, VALID_DRAFT, VIEWERS, type InviteSnapshot } from './invite.model';
import { inviteOracle } from './invite.oracle';
import { inviteStage } from './invite.screen';

const harness = createHarness({ model: inviteModel, oracle: inviteOracle, stage: inviteStage });
const { paths, error: graphError } = pathsOrError(() => edgePaths(inviteModel));
const describePath = (path: ModelPath<InviteSnapshot>) => harness.describe(path, true);
const replayOnScreen = harness.walk;

afterEach(cleanup);

describe('invite.machine on the register screen: a path to every transition, per visitor', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(40);
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      await replayOnScreen(path);
    });
  }
});

describe('invite.machine: what the paths prove, said plainly', () => {
  const find = (viewer: string, events: string[]) => {
    const found = paths.find(
      (p) => p.inputName === viewer && events.every((e, i) => describePath(p).split(' → ')[i]?.endsWith(e)),
    );
    if (!found) throw new Error(`no path for ${viewer}: ${events.join(' → ')}`);
    return found;
  };

  it('a new person registers and the login goes to the root machine, for the project', async () => {
    const { final, effects } = await replayOnScreen(
      find('logged out', ['readInvite ok (pending)', 'register.submit', 'register ok']),
    );
    expect(final.value).toBe('joined');
    expect(effects.register).toEqual([{ token: TOKEN, draft: VALID_DRAFT }]);
    expect(effects.startSession).toHaveLength(1);
    expect((effects.startSession[0] as { result: { project_id: number } }).result.project_id).toBe(7);
  });

  it('the invitee, logged in with the address in other letter case, accepts', async () => {
    const { final, effects } = await replayOnScreen(find('invitee', ['readInvite ok (pending)', 'accept.submit', 'accept ok']));
    expect(final.value).toBe('joined');
    expect(effects.openProject).toEqual([{ projectId: 7 }]);
  });

  it('a logged-out visitor gets the form and the login whatever the email: the link tells nobody if an account exists', async () => {
    const path = paths.find((p) => describePath(p) === '[logged out] readInvite ok (pending)');
    const { final } = await replayOnScreen(path!);
    expect(final.value).toBe('register');
    expect(getStateNodes(inviteMachine.root).map((n) => n.key)).not.toContain('loginToAccept');
  });

  it('into a manufacturer\'s existing company: no form, only the way to ask for an account and log in', async () => {
    for (const viewer of ['logged out', 'someone else']) {
      const { final, effects } = await replayOnScreen(find(viewer, ['readInvite ok (pending, existing company)']));
      expect(final.value).toBe(viewer === 'logged out' ? 'existingCompany' : 'wrongAccount');
      expect(effects.register).toEqual([]);
      cleanup();
    }
    expect(screen.queryByRole('button', { name: 'Create account and join' })).toBeNull();
  });

  it('the invitee with an account the company\'s admins made accepts it like any other', async () => {
    const { final, effects } = await replayOnScreen(
      find('invitee', ['readInvite ok (pending, existing company)', 'accept.submit', 'accept ok']),
    );
    expect(final.value).toBe('joined');
    expect(effects.openProject).toEqual([{ projectId: 7 }]);
  });

  it('a company that came into being after the page was read: the refused registration leaves the form for the login', async () => {
    const { final } = await replayOnScreen(
      find('logged out', ['readInvite ok (pending)', 'register.submit', 'register failed (409)']),
    );
    expect(final.value).toBe('existingCompany');
    expect(final.context.failure?.message).toBe(FAILURES.existingCompany.message);
  });

  it('an account whose email is taken hears it from the register call, beside the email, with the login at hand', async () => {
    const { final } = await replayOnScreen(
      find('logged out', ['readInvite ok (pending)', 'register.submit', 'register failed (422 email)']),
    );
    expect(final.value).toBe('register');
    expect(final.context.failure?.fieldErrors.email).toEqual(FAILURES.emailTaken.fieldErrors.email);
  });

  it('a link used meanwhile by someone else says so instead of the form', async () => {
    const { final } = await replayOnScreen(
      find('logged out', ['readInvite ok (pending)', 'register.submit', 'register failed (410 accepted)']),
    );
    expect(final.value).toBe('used');
  });
});

describe('register form details', () => {
  /** The screen after reading a pending invite, with the register call answering as `answer` says. */
  function renderAt(preview: InvitePreview, answer: () => Promise<never> = () => new Promise(() => {})) {
    const calls: RegisterDraft[] = [];
    const machine = inviteMachine.provide({
      actors: {
        readInvite: fromPromise(async () => preview),
        register: fromPromise(async ({ input }) => {
          calls.push(input.draft);
          return answer();
        }),
      },
    });
    const actor = createActor(machine, { input: VIEWERS['logged out'] }).start();
    render(<InviteView actor={actor} />);
    return { actor, calls };
  }

  it('checks the form with the contract before sending: a wrong confirmation stays on the page', async () => {
    const { actor, calls } = renderAt(PREVIEWS['pending, new']);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Username'), 'new.person');
    await user.type(screen.getByLabelText('Password'), 'a-long-password-1');
    await user.type(screen.getByLabelText('Repeat password'), 'a-long-password-2');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    // The form's check runs the contract's schema, which may still be loading (contract-resolver):
    // wait for its answer, as a person would, instead of reading the page at once.
    expect(await screen.findByText('The confirmation does not match the password.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByLabelText('Repeat password').getAttribute('aria-invalid')).toBe('true');
    expect(actor.getSnapshot().value).toBe('register');
    expect(calls).toEqual([]);
    actor.stop();
  });

  it('drops a server field error once that field is changed, keeping the others', async () => {
    const both = { ...FAILURES.usernameTaken, fieldErrors: { username: ['This username is taken.'], password: ['Too common.'] } };
    const { actor } = renderAt(
      PREVIEWS['pending, new'],
      async () => {
        throw both;
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Username'), 'taken.name');
    await user.type(screen.getByLabelText('Password'), 'a-long-password-1');
    await user.type(screen.getByLabelText('Repeat password'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('This username is taken.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Too common.')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByText('This username is taken.')).toBeNull();
    expect(screen.getByText('Too common.')).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('taken.name2');
    actor.stop();
  });
});

describe('invite.machine: coverage', () => {
  it('walked every state and every transition on the screen', () => {
    harness.expectAllWalked();
  });
});
