import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  companyOnJigboard,
  INVITE_UNKNOWN_MESSAGE,
  INVITE_UNUSABLE_MESSAGES,
  registerLink,
  type InvitePreview,
} from '../../../contract/invites';
import type { inviteMachine } from '../../../machines/invite.machine';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { ErrorPresenter } from '../../components/error-presenter';
import { LoadingBlock } from '../../components/spinner';
import { InviteDeadEnd } from './invite-dead-end';
import { InviteFacts } from './invite-facts';
import { RegisterForm } from './register-form';
import { ROLE_LABELS } from '../../../contract/labels';

export type InviteActor = ActorRefFrom<typeof inviteMachine>;
type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;

/** `/login` that comes back to this link once logged in (machines/guard.ts `nextAfterLogin`). */
export const loginAndReturn = (token: string) => `/login?next=${encodeURIComponent(registerLink('', token))}`;

/** Who invited whom to what; the role only where a new account would get it (`asRole`). */
function Heading({
  invite,
  children,
  joins,
  asRole = true,
}: {
  invite: InvitePreview;
  children: string;
  joins?: boolean;
  asRole?: boolean;
}) {
  return (
    <div className="mb-5">
      <h1 className="text-xl font-semibold text-gray-900">{children}</h1>
      <p className="mt-1 text-sm break-words text-secondary">
        {invite.invited_by ? `${invite.invited_by} invited ${invite.email}` : `${invite.email} is invited`} to the
        project <strong className="font-semibold text-gray-900">{invite.project.name}</strong>
        {asRole ? ` as ${ROLE_LABELS[invite.role]}.` : '.'}
        {joins ? ` Your new account belongs to ${invite.company.name}.` : null}
      </p>
    </div>
  );
}

/** For someone who has an account: the link does not say whether they do, so both ways are offered. */
function LoginToAccept({ token }: { token: string }) {
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-secondary-light pt-4">
      <p className="text-sm text-gray-800">Already have an account? Log in with it to accept; you will come back here.</p>
      <ButtonLink href={loginAndReturn(token)} variant="secondary" className="w-full">
        Log in to accept
      </ButtonLink>
    </div>
  );
}

/** Where someone whose link is spent can go: their projects when logged in, else the login. */
function Onward({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <ButtonLink href="/projects" variant="secondary">
      Go to your projects
    </ButtonLink>
  ) : (
    <ButtonLink href="/login" variant="secondary">
      Log in
    </ButtonLink>
  );
}

/** The page for each state of the invite machine; it only reads the state and sends events. */
export function InviteView({ actor }: { actor: InviteActor }) {
  const state = useSelector(actor, (s: InviteSnapshot) => s);
  const { invite, failure, viewer, token, draft } = state.context;
  const signedIn = viewer !== null;

  if (state.matches('checking') || state.matches('reading')) return <LoadingBlock label="Checking your invitation" />;
  if (state.matches('readFailed')) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-xl font-semibold text-gray-900">Invitation</h1>
        <ErrorPresenter error={failure?.message ?? 'Something went wrong.'} title="Could not check the invitation" />
        <Button onClick={() => actor.send({ type: 'retry' })}>Try again</Button>
      </div>
    );
  }
  if (state.matches('invalid')) {
    return (
      <InviteDeadEnd title="Invitation not found" message={INVITE_UNKNOWN_MESSAGE}>
        <Onward signedIn={signedIn} />
      </InviteDeadEnd>
    );
  }
  if (state.matches('used')) {
    return (
      <InviteDeadEnd title="Invitation already used" message={INVITE_UNUSABLE_MESSAGES.accepted}>
        <Onward signedIn={signedIn} />
      </InviteDeadEnd>
    );
  }
  if (state.matches('revoked')) {
    return (
      <InviteDeadEnd title="Invitation withdrawn" message={INVITE_UNUSABLE_MESSAGES.revoked}>
        <Onward signedIn={signedIn} />
      </InviteDeadEnd>
    );
  }
  if (state.matches('expired')) {
    return (
      <InviteDeadEnd title="Invitation expired" message={INVITE_UNUSABLE_MESSAGES.expired}>
        <Onward signedIn={signedIn} />
      </InviteDeadEnd>
    );
  }
  if (!invite) return null;

  if (state.matches('register') || state.matches('registering')) {
    return (
      <>
        <Heading invite={invite} joins>
          Create your account
        </Heading>
        <RegisterForm
          invite={invite}
          draft={draft}
          failure={failure}
          busy={state.matches('registering')}
          onSubmit={(next) => actor.send({ type: 'register.submit', draft: next })}
        />
        <LoginToAccept token={token!} />
      </>
    );
  }
  if (state.matches('existingCompany')) {
    // No form: an invitation makes no account in a company that exists (docs/architecture.md "Access").
    return (
      <>
        <Heading invite={invite} asRole={false}>
          Log in to accept the invitation
        </Heading>
        <p className="rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm text-amber-800">
          {/* After a refused registration, the server's words (they name the company as it is now). */}
          {failure?.message ?? companyOnJigboard(invite.company.name)}
        </p>
        <p className="mt-3 text-sm text-secondary">
          Accepting adds this project to your account; it keeps its own company and roles. You will come back here after
          logging in.
        </p>
        <ButtonLink href={loginAndReturn(token!)} className="mt-5 w-full">
          Log in to accept
        </ButtonLink>
      </>
    );
  }
  if (state.matches('accept') || state.matches('accepting')) {
    return (
      <>
        <Heading invite={invite}>Accept the invitation</Heading>
        <InviteFacts invite={invite} />
        <p className="mt-3 text-sm text-secondary">Your account keeps its own company and roles; accepting adds this project to it.</p>
        {failure ? <ErrorPresenter error={failure.message} className="mt-4" /> : null}
        <Button
          busy={state.matches('accepting')}
          onClick={() => actor.send({ type: 'accept.submit' })}
          className="mt-5 w-full"
        >
          Accept
        </Button>
      </>
    );
  }
  if (state.matches('wrongAccount')) {
    return (
      <InviteDeadEnd
        title="This invitation is for someone else"
        message="It was sent to another email address than the one of the account you are logged in with. Log out, then open the link again to register or to log in with the invited account."
      >
        <Button onClick={() => actor.send({ type: 'logout' })}>Log out</Button>
        <ButtonLink href="/projects" variant="secondary">
          Go to your projects
        </ButtonLink>
      </InviteDeadEnd>
    );
  }
  // joined: the root machine is opening the project.
  return <LoadingBlock label={`You joined ${invite.project.name}. Opening the project`} />;
}
