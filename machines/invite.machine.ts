import { assign, fromPromise, setup } from 'xstate';
import type { InvitePreview, InviteRegisterResult, InviteStatus } from '../contract/invites';

/** Who opened the link: the root actor's signed-in user, or nobody. */
export type InviteViewer = { email: string } | null;

/** What the register form sends; the email is always the invited one, so it is not typed. */
export type RegisterDraft = { username: string; password: string; password_confirmation: string };

/** Statuses a link can no longer be used in, each with its own page. */
export type UnusableStatus = Exclude<InviteStatus, 'pending'>;

/**
 * A failed call as the machine needs it, plain data so the machine stays free of axios:
 * `gone` is set for a 410 (someone used, withdrew or outlived the link meanwhile). Registering
 * answers 409 when the named manufacturer's company exists (contract `companyOnJigboard`).
 */
export type InviteFailure = {
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
  gone?: UnusableStatus;
};

export type InviteInput = { token: string | null; viewer: InviteViewer };

export type InviteContext = InviteInput & {
  invite: InvitePreview | null;
  /** Kept across a failed submit, so the form shows what was typed. */
  draft: RegisterDraft;
  failure: InviteFailure | null;
  projectId: number | null;
};

export type InviteEvent =
  | { type: 'register.submit'; draft: RegisterDraft }
  | { type: 'accept.submit' }
  | { type: 'retry' }
  /** Signed in as someone else: leave that account to use the link. */
  | { type: 'logout' };

export const EMPTY_DRAFT: RegisterDraft = { username: '', password: '', password_confirmation: '' };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const asFailure = (error: unknown): InviteFailure =>
  error && typeof error === 'object' && 'message' in error && 'status' in error
    ? (error as InviteFailure)
    : { status: 0, message: error instanceof Error ? error.message : 'Something went wrong.', fieldErrors: {} };

// Guards and actions of a done/error transition see the invoke's event, which the event type above does not list.
const previewOf = (event: unknown) => (event as { output: InvitePreview }).output;
const failureOf = (event: unknown) => asFailure((event as { error: unknown }).error);

/**
 * `/register?token=…`: read what the link is for, then register a new account (the page also
 * offers the login for someone who has one: the link does not say whether they do, so an
 * inviter cannot learn it), or accept as the signed-in user; each dead end says why. An
 * invitation into a manufacturer's company that exists already offers no form: the person asks
 * that company's admins for an account, then logs in and accepts (docs/architecture.md "Access").
 * API calls are actors that `src/` provides; the defaults only say what each must do.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as InviteInput,
  },
  actors: {
    /** `GET /invites?token=…`; rejects with an InviteFailure (404: unknown token). */
    readInvite: fromPromise<InvitePreview, { token: string }>(async () => {
      throw new Error('readInvite actor not provided');
    }),
    /** `POST /invites?token=…` with the form; rejects with an InviteFailure. */
    register: fromPromise<InviteRegisterResult, { token: string; draft: RegisterDraft }>(async () => {
      throw new Error('register actor not provided');
    }),
    /** `POST /invites?token=…` without a body, as the signed-in user; rejects with an InviteFailure. */
    accept: fromPromise<{ project_id: number }, { token: string }>(async () => {
      throw new Error('accept actor not provided');
    }),
  },
  actions: {
    /** Hands the new login to the root machine, which stores it and opens the project. */
    startSession: (_, _params: { result: InviteRegisterResult }) => {},
    /** Drops cached project lists (one more project now) and opens the project. */
    openProject: (_, _params: { projectId: number }) => {},
    /** Logs the signed-in user out, then back to this link. */
    logOut: () => {},
    keepInvite: assign({ invite: ({ event }) => previewOf(event) }),
    keepFailure: assign({ failure: ({ event }) => failureOf(event) }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isNotFound: ({ event }) => failureOf(event).status === 404,
    readAs: ({ event }, params: { status: InviteStatus }) => previewOf(event).status === params.status,
    isInvitee: ({ context, event }) =>
      !!context.viewer && sameEmail(context.viewer.email, previewOf(event).email),
    isSignedIn: ({ context }) => !!context.viewer,
    intoExistingCompany: ({ event }) => previewOf(event).registration === 'existing_company',
    /** The company came into being after the page was read: registering is refused the same way. */
    isExistingCompany: ({ event }) => failureOf(event).status === 409,
    goneAs: ({ event }, params: { status: UnusableStatus }) => failureOf(event).gone === params.status,
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({ ...input, invite: null, draft: EMPTY_DRAFT, failure: null, projectId: null }),
  initial: 'checking',
  states: {
    /** A link without a token cannot be asked about. */
    checking: {
      always: [{ guard: 'hasToken', target: 'reading' }, { target: 'invalid' }],
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readInvite',
        src: 'readInvite',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          { guard: { type: 'readAs', params: { status: 'accepted' } }, target: 'used', actions: 'keepInvite' },
          { guard: { type: 'readAs', params: { status: 'revoked' } }, target: 'revoked', actions: 'keepInvite' },
          { guard: { type: 'readAs', params: { status: 'expired' } }, target: 'expired', actions: 'keepInvite' },
          { guard: 'isInvitee', target: 'accept', actions: 'keepInvite' },
          { guard: 'isSignedIn', target: 'wrongAccount', actions: 'keepInvite' },
          { guard: 'intoExistingCompany', target: 'existingCompany', actions: 'keepInvite' },
          { target: 'register', actions: 'keepInvite' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'invalid' },
          { target: 'readFailed', actions: 'keepFailure' },
        ],
      },
    },
    readFailed: {
      on: { retry: { target: 'reading', actions: assign({ failure: null }) } },
    },
    invalid: {},
    used: {},
    revoked: {},
    expired: {},
    /** The form for a new account, and the way to log in and accept for someone who has one. */
    register: {
      on: {
        'register.submit': {
          target: 'registering',
          actions: assign({ draft: ({ event }) => event.draft, failure: null }),
        },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ token: context.token!, draft: context.draft }),
        onDone: {
          target: 'joined',
          actions: [
            assign({ projectId: ({ event }) => event.output.project_id }),
            { type: 'startSession', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          { guard: { type: 'goneAs', params: { status: 'accepted' } }, target: 'used' },
          { guard: { type: 'goneAs', params: { status: 'revoked' } }, target: 'revoked' },
          { guard: { type: 'goneAs', params: { status: 'expired' } }, target: 'expired' },
          { guard: 'isExistingCompany', target: 'existingCompany', actions: 'keepFailure' },
          { target: 'register', actions: 'keepFailure' },
        ],
      },
    },
    /**
     * Nobody registers into a manufacturer's existing company: ask its admins for an account,
     * then log in (the page's link comes back here) and accept.
     */
    existingCompany: {},
    accept: {
      on: { 'accept.submit': { target: 'accepting', actions: assign({ failure: null }) } },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'joined',
          actions: [
            assign({ projectId: ({ event }) => event.output.project_id }),
            { type: 'openProject', params: ({ event }) => ({ projectId: event.output.project_id }) },
          ],
        },
        onError: [
          { guard: { type: 'goneAs', params: { status: 'accepted' } }, target: 'used' },
          { guard: { type: 'goneAs', params: { status: 'revoked' } }, target: 'revoked' },
          { guard: { type: 'goneAs', params: { status: 'expired' } }, target: 'expired' },
          { target: 'accept', actions: 'keepFailure' },
        ],
      },
    },
    /** Signed in with another email: the link is not theirs to accept. */
    wrongAccount: {
      on: { logout: { actions: 'logOut' } },
    },
    /** The root machine takes over from here and opens the project. */
    joined: { type: 'final' },
  },
});
