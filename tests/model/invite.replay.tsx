/**
 * Runs a model path of the invite machine on the rendered screen: a real actor with controlled
 * calls drives `InviteView`; user events are done as a person would (typing, clicking), and each
 * `xstate.done/error.actor.<id>` step makes the provided actor of that id resolve or reject.
 * After every step the actor must be where the model says and the screen must show that state.
 */
import { act, render, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { companyOnJigboard, INVITE_UNKNOWN_MESSAGE, INVITE_UNUSABLE_MESSAGES, type InviteRegisterResult } from '../../contract/invites';
import { inviteMachine, type InviteFailure, type RegisterDraft } from '../../machines/invite.machine';
import { InviteView } from '../../src/screens/register/invite-view';
import {
  ACTOR_IDS,
  describeEvent,
  INVITED_EMAIL,
  serializeState,
  type ActorId,
  type InviteSnapshot,
  type ModelEvent,
  type ModelPath,
} from './invite.model';

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A transition named so that the same transition of a `.provide()`d copy matches. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} on ${t.eventType || '(always)'} #${list.indexOf(t)}`;
}

/** Every transition the machine defines (events, invoke done/error, eventless), on every node. */
export function allTransitionKeys(): string[] {
  const nodes = [inviteMachine.root, ...getStateNodes(inviteMachine.root)];
  return nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey));
}

export const coverage = { states: new Set<string>(), transitions: new Set<string>(), edges: new Set<string>() };

/** What the machine asked of the app: its calls and its actions. */
export type Effects = {
  readInvite: { token: string }[];
  register: { token: string; draft: RegisterDraft }[];
  accept: { token: string }[];
  startSession: InviteRegisterResult[];
  openProject: number[];
  logOut: number;
};
const noEffects = (): Effects => ({ readInvite: [], register: [], accept: [], startSession: [], openProject: [], logOut: 0 });

/** The effects one step must cause, from the model's event alone. */
function expectedEffects(event: ModelEvent, next: InviteSnapshot): Effects {
  const e = noEffects();
  const token = next.context.token!;
  if (next.matches('reading')) e.readInvite.push({ token });
  if (event.type === 'register.submit') e.register.push({ token, draft: event.draft as RegisterDraft });
  if (event.type === 'accept.submit') e.accept.push({ token });
  if (event.type === 'xstate.done.actor.register') e.startSession.push(event.output as InviteRegisterResult);
  if (event.type === 'xstate.done.actor.accept') e.openProject.push((event.output as { project_id: number }).project_id);
  if (event.type === 'logout') e.logOut = 1;
  return e;
}

const stateName = (s: InviteSnapshot) => String(s.value);
const ROLE_NAMES = { admin: 'Admin', engineer: 'Engineer', operator: 'Operator', viewer: 'Viewer' } as const;
const loginHref = (token: string) => `/login?next=${encodeURIComponent(`/register?token=${encodeURIComponent(token)}`)}`;

/** What the screen must show in each state of the machine. */
function expectScreen(container: HTMLElement, s: InviteSnapshot) {
  const v = within(container);
  const { invite, failure, viewer, draft } = s.context;
  const heading = (name: string) => expect(v.getByRole('heading', { level: 1 }).textContent).toBe(name);
  const onward = () => v.getByRole('link', { name: viewer ? 'Go to your projects' : 'Log in' });
  switch (stateName(s)) {
    case 'checking':
    case 'reading':
      expect(v.getByRole('status').textContent).toContain('Checking your invitation');
      return;
    case 'readFailed':
      expect(v.getByRole('alert').textContent).toContain(failure!.message);
      v.getByRole('button', { name: 'Try again' });
      return;
    case 'invalid':
      heading('Invitation not found');
      expect(v.getByRole('alert').textContent).toBe(INVITE_UNKNOWN_MESSAGE);
      onward();
      return;
    case 'used':
      heading('Invitation already used');
      expect(v.getByRole('alert').textContent).toBe(INVITE_UNUSABLE_MESSAGES.accepted);
      onward();
      return;
    case 'revoked':
      heading('Invitation withdrawn');
      expect(v.getByRole('alert').textContent).toBe(INVITE_UNUSABLE_MESSAGES.revoked);
      onward();
      return;
    case 'expired':
      heading('Invitation expired');
      expect(v.getByRole('alert').textContent).toBe(INVITE_UNUSABLE_MESSAGES.expired);
      onward();
      return;
    case 'register':
    case 'registering': {
      heading('Create your account');
      expect(container.textContent).toContain(invite!.project.name);
      const email = v.getByLabelText('Email') as HTMLInputElement;
      expect(email.value).toBe(INVITED_EMAIL);
      expect(email.readOnly).toBe(true);
      // What was typed stays after a refused submit.
      expect((v.getByLabelText('Username') as HTMLInputElement).value).toBe(draft.username);
      expect((v.getByLabelText('Password') as HTMLInputElement).value).toBe(draft.password);
      expect((v.getByLabelText('Repeat password') as HTMLInputElement).value).toBe(draft.password_confirmation);
      const button = v.getByRole('button', { name: 'Create account and join' });
      expect(button.getAttribute('aria-busy')).toBe(s.matches('registering') ? 'true' : null);
      expectFailureShown(v, failure);
      // The page cannot know whether the email has an account: it offers the login to everyone.
      expect(v.getByRole('link', { name: 'Log in to accept' }).getAttribute('href')).toBe(loginHref(s.context.token!));
      expect(container.textContent).toContain(`as ${ROLE_NAMES[invite!.role]}.`);
      // The form is only ever offered where registering may work.
      expect(invite!.registration).toBe('open');
      expect(container.textContent).not.toContain('is on Jigboard already');
      return;
    }
    case 'existingCompany': {
      heading('Log in to accept the invitation');
      expect(container.textContent).toContain(invite!.project.name);
      // No form at all: nobody registers into a company that exists.
      for (const label of ['Username', 'Email', 'Password', 'Repeat password']) expect(v.queryByLabelText(label)).toBeNull();
      expect(v.queryByRole('button', { name: 'Create account and join' })).toBeNull();
      // The explanation: the preview's company, or the server's words after a refused registration.
      expect(container.textContent).toContain(failure ? failure.message : companyOnJigboard(invite!.company.name));
      expect(container.textContent).toContain('ask its admins for an account');
      // Accepting grants no role, so none is promised.
      for (const role of Object.values(ROLE_NAMES)) expect(container.textContent).not.toContain(`as ${role}`);
      expect(v.getByRole('link', { name: 'Log in to accept' }).getAttribute('href')).toBe(loginHref(s.context.token!));
      return;
    }
    case 'accept':
    case 'accepting': {
      heading('Accept the invitation');
      for (const text of [invite!.project.name, invite!.company.name, ROLE_NAMES[invite!.role]]) expect(container.textContent).toContain(text);
      const button = v.getByRole('button', { name: 'Accept' });
      expect(button.getAttribute('aria-busy')).toBe(s.matches('accepting') ? 'true' : null);
      if (failure) expect(v.getByRole('alert').textContent).toContain(failure.message);
      else expect(v.queryByRole('alert')).toBeNull();
      return;
    }
    case 'wrongAccount':
      heading('This invitation is for someone else');
      v.getByRole('button', { name: 'Log out' });
      // Neither account's address is spelled out to whoever holds the link.
      expect(container.textContent).not.toContain(viewer!.email);
      expect(container.textContent).not.toContain(INVITED_EMAIL);
      return;
    case 'joined':
      expect(v.getByRole('status').textContent).toContain(`You joined ${invite!.project.name}`);
      return;
    default:
      throw new Error(`no screen expectation for state ${stateName(s)}`);
  }
}

/** Field errors beside their fields, anything else above the button; nothing when all is well. */
function expectFailureShown(v: ReturnType<typeof within>, failure: InviteFailure | null) {
  if (!failure) {
    expect(v.queryByRole('alert')).toBeNull();
    return;
  }
  const fields = Object.entries(failure.fieldErrors);
  if (!fields.length) {
    expect(v.getByRole('alert').textContent).toContain(failure.message);
    return;
  }
  const labels: Record<string, string> = { username: 'Username', email: 'Email', password: 'Password' };
  for (const [name, [message]] of fields) {
    const input = v.getByLabelText(labels[name]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id: string) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
  }
}

/** Does what a person does for a user event of the model. */
async function drive(user: UserEvent, container: HTMLElement, event: ModelEvent) {
  const v = within(container);
  switch (event.type) {
    case 'register.submit': {
      const draft = event.draft as RegisterDraft;
      for (const [label, value] of [
        ['Username', draft.username],
        ['Password', draft.password],
        ['Repeat password', draft.password_confirmation],
      ] as const) {
        const input = v.getByLabelText(label);
        await user.clear(input);
        await user.type(input, value);
      }
      await user.click(v.getByRole('button', { name: 'Create account and join' }));
      return;
    }
    case 'accept.submit':
      return user.click(v.getByRole('button', { name: 'Accept' }));
    case 'retry':
      return user.click(v.getByRole('button', { name: 'Try again' }));
    case 'logout':
      return user.click(v.getByRole('button', { name: 'Log out' }));
    default:
      throw new Error(`no way to drive ${event.type} on the screen`);
  }
}

export async function replayOnScreen(path: ModelPath): Promise<{ final: InviteSnapshot; effects: Effects }> {
  const pending = new Map<ActorId, Deferred>();
  let step = noEffects();
  const total = noEffects();
  const record = <K extends Exclude<keyof Effects, 'logOut'>>(key: K, value: Effects[K][number]) => {
    (step[key] as unknown[]).push(value);
    (total[key] as unknown[]).push(value);
  };
  const controlled = <TOut, TIn extends Effects[ActorId][number]>(id: ActorId) =>
    fromPromise<TOut, TIn>(({ input }) => {
      record(id, input as never);
      return new Promise<TOut>((resolve, reject) => pending.set(id, { resolve: resolve as Deferred['resolve'], reject }));
    });

  const machine = inviteMachine.provide({
    actors: {
      readInvite: controlled('readInvite'),
      register: controlled('register'),
      accept: controlled('accept'),
    },
    actions: {
      startSession: (_, { result }) => record('startSession', result),
      openProject: (_, { projectId }) => record('openProject', projectId),
      logOut: () => {
        step.logOut++;
        total.logOut++;
      },
    },
  });
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of ev._transitions) {
      coverage.transitions.add(transitionKey(t));
      // A transient state (`checking`) is never a snapshot; leaving it proves it was entered.
      coverage.states.add(t.source.id);
    }
  };
  const actor = createActor(machine, { input: path.input, inspect });
  const nodes = getStateNodes(machine.root);
  const reached = (s: InviteSnapshot) => {
    for (const node of nodes) if (s.matches(node.path.join('.') as never)) coverage.states.add(node.id);
  };
  const user = userEvent.setup({ delay: null });

  actor.start();
  const view = render(<InviteView actor={actor} />);
  try {
    const [init, ...steps] = path.steps;
    let snapshot = actor.getSnapshot();
    expect(serializeState(snapshot), 'start').toBe(serializeState(init.state));
    expect(step, 'start').toEqual(expectedEffects({ type: 'xstate.init' }, snapshot));
    expectScreen(view.container, snapshot);
    reached(snapshot);

    for (const [i, { event, state: expected }] of steps.entries()) {
      const where = `step ${i + 1} (${describeEvent(event)})`;
      const prev = snapshot;
      step = noEffects();
      const arrived = () => waitFor(actor, (s) => s !== prev, { timeout: 2000 });
      const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (m) {
        const id = m[2] as ActorId;
        if (!ACTOR_IDS.includes(id)) throw new Error(`${where}: unknown actor id ${id}`);
        const call = pending.get(id);
        if (!call) throw new Error(`${where}: the model answers ${id}, but the screen's actor did not call it`);
        pending.delete(id);
        await act(async () => {
          if (m[1] === 'done') call.resolve(event.output);
          else call.reject(event.error);
          await arrived();
        });
      } else {
        // A user event is taken at once (some, like logout, only run an action).
        await drive(user, view.container, event);
      }
      snapshot = actor.getSnapshot();
      expect(serializeState(snapshot), where).toBe(serializeState(expected));
      expect(step, `${where}: effects`).toEqual(expectedEffects(event, snapshot));
      try {
        expectScreen(view.container, snapshot);
      } catch (e) {
        (e as Error).message = `${where}: screen of ${serializeState(snapshot)}\n${(e as Error).message}`;
        throw e;
      }
      reached(snapshot);
      coverage.edges.add(`${serializeState(prev)} -- ${describeEvent(event)}`);
    }
    return { final: snapshot, effects: total };
  } finally {
    view.unmount();
    actor.stop();
  }
}
