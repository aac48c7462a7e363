import { assign, fromPromise, setup } from 'xstate';
import type { LoginInput, StoredToken } from '../contract/auth';
import type { User } from '../contract/users';
import { guard, HOME_PATH, LOGIN_PATH, type GuardDecision } from './guard';

/** A signed-in session: the stored login record and the user loaded with it. */
export type Session = { token: StoredToken; user: User };

export type AppContext = {
  session: Session | null;
  /** The location the app shows; only this machine changes it. */
  location: string;
  /** Where a logged-out user wanted to go, to take them there after login. */
  afterLogin: string | null;
  loginError: string | null;
};

export type AppEvent =
  /** A link or navigate(): the URL has not changed yet. */
  | { type: 'nav.request'; to: string; replace?: boolean }
  /** Back/Forward: the browser already shows `to`. */
  | { type: 'nav.popstate'; to: string }
  | { type: 'login.submit'; username: string; password: string }
  | { type: 'logout' }
  /** Any call answered 401: the token is no longer good. */
  | { type: 'session.expired' }
  | { type: 'user.updated'; user: User };

type NavEvent = Extract<AppEvent, { type: 'nav.request' | 'nav.popstate' }>;

const decide = (context: AppContext, to: string): GuardDecision =>
  guard(to, context.location, context.session?.user ?? null);

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';

/**
 * The root of the workflow model: start-up, the session and the navigation guard.
 * Side effects (storage, history, the API) are actors and actions that `src/` provides; the
 * defaults here only say what each must do, so the machine stays free of DOM and network.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as { location: string },
  },
  actors: {
    /** Reads `user-token`, loads `GET /users/me`; rejects 'No credentials available.' or 'Invalid token.' */
    loadStoredAuth: fromPromise<Session>(async () => {
      throw new Error('No credentials available.');
    }),
    /** `POST /login` then `GET /users/me`; rejects with the message to show on the form. */
    login: fromPromise<Session, LoginInput>(async () => {
      throw new Error('login actor not provided');
    }),
    /** `POST /logout`; a failure is only logged. */
    logout: fromPromise<void, { token: StoredToken }>(async () => {}),
  },
  actions: {
    /** Writes `user-token` and `user-profile`. */
    storeSession: (_, _params: { session: Session }) => {},
    /** Removes `user-token` and `user-profile` and drops cached server data. */
    clearStoredAuth: () => {},
    /** Makes the browser URL show `context.location`. */
    syncUrl: (_, _params: { replace: boolean }) => {},
    warn: (_, params: { message: string; error?: unknown }) => {
      console.warn(params.message, params.error ? errorMessage(params.error) : '');
    },
    acceptLocation: assign(({ context, event }) => {
      const nav = event as NavEvent;
      const decision = decide(context, nav.to);
      return {
        location: decision.location,
        afterLogin: decision.kind === 'redirect' && decision.remember ? decision.remember : context.afterLogin,
      };
    }),
    /** After start-up or a session change: the current location may no longer be allowed. */
    recheckLocation: assign(({ context }) => {
      const decision = decide(context, context.location);
      return {
        location: decision.location,
        afterLogin: decision.kind === 'redirect' && decision.remember ? decision.remember : context.afterLogin,
      };
    }),
    clearSession: assign({ session: null }),
    goToLogin: assign({ location: LOGIN_PATH, afterLogin: null }),
  },
  guards: {
    navAllowed: ({ context, event }) => decide(context, (event as NavEvent).to).kind === 'allow',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    session: null,
    location: input.location,
    afterLogin: null,
    loginError: null,
  }),
  on: {
    'nav.request': [
      {
        guard: 'navAllowed',
        actions: [
          'acceptLocation',
          { type: 'syncUrl', params: ({ event }) => ({ replace: event.replace === true }) },
        ],
      },
      // A redirected click is still a new navigation: push, so Back returns to where it was made.
      // (syncUrl pushes nothing when the redirect lands on the location already shown.)
      {
        actions: [
          'acceptLocation',
          { type: 'syncUrl', params: ({ event }) => ({ replace: event.replace === true }) },
        ],
      },
    ],
    'nav.popstate': [
      { guard: 'navAllowed', actions: 'acceptLocation' },
      { actions: ['acceptLocation', { type: 'syncUrl', params: { replace: true } }] },
    ],
  },
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy'],
      // Until the stored login is known nobody can judge a navigation: only remember it.
      on: {
        'nav.request': { actions: assign({ location: ({ event }) => event.to }) },
        'nav.popstate': { actions: assign({ location: ({ event }) => event.to }) },
      },
      invoke: {
        id: 'loadStoredAuth',
        src: 'loadStoredAuth',
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ session: ({ event }) => event.output }),
            'recheckLocation',
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [
            { type: 'warn', params: ({ event }) => ({ message: 'Stored login not restored:', error: event.error }) },
            'clearStoredAuth',
            'recheckLocation',
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
      },
    },
    loggedOut: {
      on: {
        'login.submit': { target: 'loggingIn', actions: assign({ loginError: null }) },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<AppEvent, { type: 'login.submit' }>;
          return { username: e.username, password: e.password };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ context, event }) => ({
              session: event.output,
              location: context.afterLogin ?? HOME_PATH,
              afterLogin: null,
            })),
            { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
            'recheckLocation',
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ loginError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loggedIn: {
      on: {
        logout: 'loggingOut',
        'session.expired': {
          target: 'loggedOut',
          actions: [
            'clearSession',
            'clearStoredAuth',
            assign(({ context }) => ({ afterLogin: context.location, location: LOGIN_PATH })),
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
        'user.updated': {
          actions: [
            assign({
              session: ({ context, event }) => context.session && { ...context.session, user: event.user },
            }),
            {
              type: 'storeSession',
              params: ({ context, event }) => ({ session: { ...context.session!, user: event.user } }),
            },
            // Losing a role (e.g. superadmin) may put the current screen out of bounds.
            'recheckLocation',
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.session!.token }),
        onDone: 'loggedOut',
        onError: {
          target: 'loggedOut',
          actions: {
            type: 'warn',
            params: ({ event }) => ({ message: 'Logout call failed:', error: event.error }),
          },
        },
      },
      // Leaving by either way ends the session: the server call failing must not keep anyone in.
      exit: ['clearSession', 'clearStoredAuth', 'goToLogin', { type: 'syncUrl', params: { replace: false } }],
    },
  },
});
