import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import type { InviteViewer } from '../../../machines/invite.machine';
import { useSession } from '../../app/app-actor';
import { appInviteMachine } from './invite-logic';
import { InviteView } from './invite-view';
import { RegisterPage } from './register-page';

/** One run of the invite machine for one link and one viewer. */
function InviteFlow({ token, viewer }: { token: string | null; viewer: InviteViewer }) {
  const actor = useActorRef(appInviteMachine, { input: { token, viewer } });
  return <InviteView actor={actor} />;
}

/**
 * `/register?token=…` (public, logged in or not): what the invitation is for, then register,
 * log in to accept, or accept. A login or logout while here starts the flow again for the new
 * viewer, since what the link offers depends on who opens it.
 */
export function RegisterScreen() {
  const token = new URLSearchParams(useSearch()).get('token');
  const session = useSession();
  const viewer = session ? { email: session.user.email } : null;
  return (
    <RegisterPage>
      <InviteFlow key={`${token ?? ''}|${session?.user.id ?? 'out'}`} token={token} viewer={viewer} />
    </RegisterPage>
  );
}
