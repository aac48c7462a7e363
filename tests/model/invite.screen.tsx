/**
 * The register screen as the invite machine's stage: `InviteView` rendered on the walked actor,
 * user events done as a person would (typing, clicking), and after every step what the screen
 * must show in that state: headings, messages, the form and what was typed into it.
 */
import { act, render, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { companyOnJigboard, INVITE_UNKNOWN_MESSAGE, INVITE_UNUSABLE_MESSAGES } from '../../contract/invites';
import type { InviteFailure, inviteMachine, RegisterDraft } from '../../machines/invite.machine';
import { InviteView } from '../../src/screens/register/invite-view';
import type { ModelEvent, Stage } from './harness';
import { INVITED_EMAIL, type InviteSnapshot } from './invite.model';

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

export function inviteStage(): Stage<InviteSnapshot> {
  let view: RenderResult;
  const user = userEvent.setup({ delay: null });
  return {
    mount: (actor) => {
      view = render(<InviteView actor={actor as ActorRefFrom<typeof inviteMachine>} />);
    },
    perform: (event) => drive(user, view.container, event),
    show: (snapshot) => expectScreen(view.container, snapshot),
    act: (fn) => act(fn),
    unmount: () => view.unmount(),
  };
}
