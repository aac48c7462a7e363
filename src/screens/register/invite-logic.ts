import { fromPromise, waitFor } from 'xstate';
import { registerLink } from '../../../contract/invites';
import { inviteMachine } from '../../../machines/invite.machine';
import { acceptInvite, fetchInvitePreview, registerByInvite } from '../../api/invites';
import { projectKeys } from '../../api/projects';
import { queryClient } from '../../api/query-client';
import { appActor, navigate, startSession } from '../../app/app-actor';
import { toInviteFailure } from './invite-failure';

const rejectingAsFailure = <T>(call: () => Promise<T>) =>
  call().catch((error: unknown) => {
    throw toInviteFailure(error);
  });

/** The link's own path, to come back to after logging in or out. */
export const registerPath = (token: string) => registerLink('', token);

/** The invite machine with the app's API calls and the root actor behind its actions. */
export const appInviteMachine = inviteMachine.provide({
  actors: {
    readInvite: fromPromise(({ input, signal }) => rejectingAsFailure(() => fetchInvitePreview(input.token, signal))),
    register: fromPromise(({ input }) => rejectingAsFailure(() => registerByInvite(input.token, input.draft))),
    accept: fromPromise(({ input }) => rejectingAsFailure(() => acceptInvite(input.token))),
  },
  actions: {
    startSession: (_, { result }) => {
      const { user, project_id: projectId, ...token } = result;
      startSession({ token, user }, `/projects/${projectId}`);
    },
    openProject: (_, { projectId }) => {
      // One more project in the lists, and a project page this account may now read.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      navigate(`/projects/${projectId}`);
    },
    logOut: ({ context }) => {
      const back = context.token ? registerPath(context.token) : null;
      appActor.send({ type: 'logout' });
      // Logging out lands on the login screen; the link is what this person came for.
      if (back) {
        void waitFor(appActor, (s) => s.matches('loggedOut'), { timeout: 30_000 }).then(
          () => navigate(back, { replace: true }),
          () => {},
        );
      }
    },
  },
});
