import { assign, fromPromise, raise, setup } from 'xstate';
import type { LoginInput, StoredToken } from '../contract/auth';
import type { AppContext, AppEvent, PendingLeave, Session, SessionEndReason } from './app.types';
import { guard, homePath, LOGIN_PATH, splitLocation, type GuardDecision } from './guard';
import { notice } from './notices';

export type { AppContext, AppEvent, LeaveBlock, PendingLeave, Session, SessionEndReason } from './app.types';
export type { Notice, NoticeReason } from './notices';

type NavEvent = Extract<AppEvent, { type: 'nav.request' | 'nav.popstate' }>;

const decide = (context: AppContext, to: string): GuardDecision =>
  guard(to, context.location, context.session?.user ?? null);

/**
 * A redirect that says why sets the notice; otherwise it stays while the screen (the path) does,
 * so a sort or filter on the page keeps it, and goes with the next screen.
 */
const noticeAfter = (context: AppContext, decision: GuardDecision): AppContext['notice'] => {
  if (decision.kind === 'redirect' && decision.reason) return notice(decision.reason);
  return splitLocation(decision.location).pathname === splitLocation(context.location).pathname ? context.notice : null;
};

/** Where a decision leads, what to remember for after login and what to tell. */
const follow = (context: AppContext, decision: GuardDecision): Partial<AppContext> => ({
  location: decision.location,
  afterLogin: decision.kind === 'redirect' && decision.remember ? decision.remember : context.afterLogin,
  notice: noticeAfter(context, decision),
});

/** The session ended without this tab's logout: back on the login screen, saying why. */
const endedElsewhere = (reason: SessionEndReason) => notice(reason === 'logout' ? 'loggedOutElsewhere' : 'sessionExpired');

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
    /** Tells the other tabs of this browser that the session ended here, and how. */
    broadcastSessionEnd: (_, _params: { reason: SessionEndReason }) => {},
    /** Makes the browser URL show `context.location`. */
    syncUrl: (_, _params: { replace: boolean }) => {},
    warn: (_, params: { message: string; error?: unknown }) => {
      console.warn(params.message, params.error ? errorMessage(params.error) : '');
    },
    /** Goes where the guard lets this user go when they ask for `to`. */
    acceptLocation: assign(({ context }, { to }: { to: string }) => follow(context, decide(context, to))),
    /** After start-up or a session change: the current location may no longer be allowed. */
    recheckLocation: assign(({ context }) => follow(context, decide(context, context.location))),
    /** The pending navigation, once the user agreed to leave. */
    acceptPending: assign(({ context }) => follow(context, decide(context, (context.pendingLeave as NavEvent).to))),
    rememberLeave: assign({
      pendingLeave: ({ event }) => {
        const e = event as NavEvent | { type: 'logout' };
        return e.type === 'logout' ? { type: 'logout' as const } : { type: e.type, to: e.to };
      },
    }),
    clearSession: assign({ session: null }),
    goToLogin: assign({ location: LOGIN_PATH, afterLogin: null, notice: null }),
  },
  guards: {
    navAllowed: ({ context, event }) => decide(context, (event as NavEvent).to).kind === 'allow',
    isBlocked: ({ context }) => context.block !== null,
    /**
     * A replace, or a change of the query alone (a table's page, sort or filter, an open panel),
     * stays on the page and leaves nothing behind; only another path leaves it.
     */
    leavesPage: ({ context, event }) => {
      const nav = event as Extract<AppEvent, { type: 'nav.request' }>;
      return (
        context.block !== null &&
        nav.replace !== true &&
        splitLocation(nav.to).pathname !== splitLocation(context.location).pathname
      );
    },
    pendingIs: ({ context }, { type }: { type: PendingLeave['type'] }) => context.pendingLeave?.type === type,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    session: null,
    location: input.location,
    afterLogin: null,
    loginError: null,
    block: null,
    pendingLeave: null,
    notice: null,
  }),
  on: {
    'nav.request': [
      {
        guard: 'navAllowed',
        actions: [
          { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) },
          { type: 'syncUrl', params: ({ event }) => ({ replace: event.replace === true }) },
        ],
      },
      // A redirected click is still a new navigation: push, so Back returns to where it was made.
      // (syncUrl pushes nothing when the redirect lands on the location already shown.)
      {
        actions: [
          { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) },
          { type: 'syncUrl', params: ({ event }) => ({ replace: event.replace === true }) },
        ],
      },
    ],
    'nav.popstate': [
      { guard: 'navAllowed', actions: { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) } },
      {
        actions: [
          { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) },
          { type: 'syncUrl', params: { replace: true } },
        ],
      },
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
        // Registering by invitation signs the new account in; start-up is long over by then.
        'session.started': {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ session: event.session, afterLogin: null, loginError: null, notice: null })),
            { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) },
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
        // Logged in in another tab (already stored there): carry on as after a login here, but
        // a public page (an invitation open) stays where it is.
        'session.restored': {
          target: 'loggedIn',
          actions: [
            assign(({ context, event }) => ({
              session: event.session,
              location: context.afterLogin ?? context.location,
              afterLogin: null,
              loginError: null,
              notice: null,
            })),
            'recheckLocation',
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
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
              location: context.afterLogin ?? homePath(event.output.user),
              afterLogin: null,
              notice: null,
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
      initial: 'browsing',
      // A block belongs to a screen of this session; nothing is left to guard after it.
      exit: assign({ block: null, pendingLeave: null }),
      on: {
        'nav.block': { actions: assign({ block: ({ event }) => ({ reason: event.reason }) }) },
        'nav.unblock': { actions: assign({ block: null }) },
        // The server refused the token anyway: unsaved input cannot be saved, so no question.
        'session.expired': {
          target: 'loggedOut',
          actions: [
            'clearSession',
            'clearStoredAuth',
            // The other tabs share the stored token: it is no good there either.
            { type: 'broadcastSessionEnd', params: { reason: 'expired' } },
            assign(({ context }) => ({ afterLogin: context.location, location: LOGIN_PATH, notice: notice('sessionExpired') })),
            { type: 'syncUrl', params: { replace: true } },
          ],
        },
        // Another tab logged out or was refused: the same end, without a server call or a broadcast.
        'session.ended': {
          target: 'loggedOut',
          actions: [
            'clearSession',
            'clearStoredAuth',
            assign(({ context, event }) => ({
              afterLogin: context.location,
              location: LOGIN_PATH,
              notice: endedElsewhere(event.reason),
            })),
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
      states: {
        browsing: {
          // Cleared on entry, not on leaving the question: exit actions run before the answer's.
          entry: assign({ pendingLeave: null }),
          // Unblocked, or not leaving the page: the root's navigation handlers take the event.
          on: {
            'nav.request': { guard: 'leavesPage', target: 'confirmingLeave', actions: 'rememberLeave' },
            'nav.popstate': { guard: 'leavesPage', target: 'confirmingLeave', actions: 'rememberLeave' },
            logout: [
              { guard: 'isBlocked', target: 'confirmingLeave', actions: 'rememberLeave' },
              { target: '#app.loggingOut' },
            ],
          },
        },
        confirmingLeave: {
          on: {
            // The dialog is modal: a navigation asked meanwhile (a late callback) is dropped.
            'nav.request': { actions: [] },
            'nav.popstate': [
              // Back then Forward: the browser shows this page again (perhaps another page of
              // its table), nothing is left to ask; the app follows the URL.
              { guard: 'leavesPage', actions: 'rememberLeave' },
              { target: 'browsing', actions: { type: 'acceptLocation', params: ({ event }) => ({ to: event.to }) } },
            ],
            // The screen no longer has anything to lose (saved, or gone): do what was asked.
            'nav.unblock': { actions: [assign({ block: null }), raise({ type: 'leave.confirm' })] },
            'leave.confirm': [
              { guard: { type: 'pendingIs', params: { type: 'logout' } }, target: '#app.loggingOut' },
              {
                guard: { type: 'pendingIs', params: { type: 'nav.popstate' } },
                target: 'browsing',
                // The browser shows the location already; a redirect (or a URL changed while
                // asking) is written over it, and syncUrl writes nothing when they match.
                actions: [assign({ block: null }), 'acceptPending', { type: 'syncUrl', params: { replace: true } }],
              },
              {
                target: 'browsing',
                actions: [assign({ block: null }), 'acceptPending', { type: 'syncUrl', params: { replace: false } }],
              },
            ],
            'leave.cancel': [
              // Back/Forward already moved the URL: push the page still shown back on top.
              {
                guard: { type: 'pendingIs', params: { type: 'nav.popstate' } },
                target: 'browsing',
                actions: { type: 'syncUrl', params: { replace: false } },
              },
              { target: 'browsing' },
            ],
          },
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
      exit: [
        'clearSession',
        'clearStoredAuth',
        { type: 'broadcastSessionEnd', params: { reason: 'logout' } },
        'goToLogin',
        { type: 'syncUrl', params: { replace: false } },
      ],
    },
  },
});
