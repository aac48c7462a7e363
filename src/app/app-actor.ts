import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createActor, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/users';
import { appMachine, type Session, type SessionEndReason } from '../../machines/app.machine';
import { setUnauthorizedHandler, storedToken } from '../api/client';
import { queryClient } from '../api/query-client';
import { load, PROFILE_KEY, remove, save, TOKEN_KEY } from '../lib/storage';
import { loadStoredAuth, login, logout } from './auth-actors';

const browserLocation = () => window.location.pathname + window.location.search + window.location.hash;

/** The tabs of this browser tell each other how a session ended (a storage event cannot say why). */
const sessionChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('jigboard-session') : null;
const isEndReason = (value: unknown): value is SessionEndReason => value === 'logout' || value === 'expired';

/**
 * The root actor, started once when this module is first imported. Starting it inside React
 * would run start-up twice under StrictMode (STACK-NOTES "XState").
 */
export const appActor = createActor(
  appMachine.provide({
    actors: { loadStoredAuth, login, logout },
    actions: {
      storeSession: (_, { session }) => {
        save(TOKEN_KEY, session.token);
        save(PROFILE_KEY, session.user);
      },
      clearStoredAuth: () => {
        remove(TOKEN_KEY);
        remove(PROFILE_KEY);
        // Nothing the last user saw may show to the next one.
        queryClient.clear();
      },
      broadcastSessionEnd: (_, { reason }) => sessionChannel?.postMessage({ ended: reason }),
      syncUrl: ({ context }, { replace }) => {
        if (browserLocation() === context.location) return;
        if (replace) window.history.replaceState(null, '', context.location);
        else window.history.pushState(null, '', context.location);
      },
    },
  }),
  { input: { location: browserLocation() } },
);

// Back/Forward have already changed the URL: the machine still gets to judge it.
window.addEventListener('popstate', () => appActor.send({ type: 'nav.popstate', to: browserLocation() }));

setUnauthorizedHandler(() => appActor.send({ type: 'session.expired' }));

// Another tab logged out, or the server refused its token: this tab's session is over too.
sessionChannel?.addEventListener('message', (event: MessageEvent<{ ended?: unknown }>) => {
  const reason = event.data?.ended;
  if (isEndReason(reason)) appActor.send({ type: 'session.ended', reason });
});

// Another tab logged in: its profile is written after the token, so both are there by now.
window.addEventListener('storage', (event) => {
  if (event.key !== PROFILE_KEY || event.newValue === null) return;
  const token = storedToken();
  const user = load<User>(PROFILE_KEY);
  if (token && user) appActor.send({ type: 'session.restored', session: { token, user } });
});

appActor.start();

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(appActor, selector, compare);
}

export type SessionView = { user: User; company: User['company'] };

const selectUser = (s: AppSnapshot) => s.context.session?.user ?? null;

/** The signed-in user and their company, or null when logged out. */
export function useSession(): SessionView | null {
  const user = useAppSelector(selectUser);
  return useMemo(() => (user ? { user, company: user.company } : null), [user]);
}

export type NavigateOptions = { replace?: boolean };

/** Asks the root machine to go somewhere; it alone decides where the user ends up. */
export function navigate(to: string, options?: NavigateOptions): void {
  appActor.send({ type: 'nav.request', to, replace: options?.replace === true });
}

export function useNavigate(): typeof navigate {
  return navigate;
}

/**
 * Signs in a session made elsewhere (registering by invitation answers with a login) and goes
 * to `to` through the guard. Only a logged-out app takes it: someone signed in keeps their session.
 */
export function startSession(session: Session, to: string): void {
  appActor.send({ type: 'session.started', session, to });
}
