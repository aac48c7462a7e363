import type { StoredToken } from '../contract/auth';
import type { User } from '../contract/users';
import type { Notice } from './notices';

/* What the root machine (app.machine.ts) knows and hears, apart from how it behaves. */

/** A signed-in session: the stored login record and the user loaded with it. */
export type Session = { token: StoredToken; user: User };

/** Set by a screen with unsaved input (`useLeaveGuard`): leaving it asks first. */
export type LeaveBlock = { reason: string };

/** What the user asked for while blocked; done on `leave.confirm`, dropped on `leave.cancel`. */
export type PendingLeave = { type: 'nav.request'; to: string } | { type: 'nav.popstate'; to: string } | { type: 'logout' };

export type AppContext = {
  session: Session | null;
  /** The location the app shows; only this machine changes it. */
  location: string;
  /** Where a logged-out user wanted to go, to take them there after login. */
  afterLogin: string | null;
  loginError: string | null;
  block: LeaveBlock | null;
  pendingLeave: PendingLeave | null;
  /** Why the screen shown is not the one asked for (a redirect, a session ended elsewhere); kept until another screen. */
  notice: Notice | null;
};

/** How a session ended in another tab of this browser, as that tab tells the others. */
export type SessionEndReason = 'logout' | 'expired';

export type AppEvent =
  /** A link or navigate(): the URL has not changed yet. */
  | { type: 'nav.request'; to: string; replace?: boolean }
  /** Back/Forward: the browser already shows `to`. */
  | { type: 'nav.popstate'; to: string }
  | { type: 'login.submit'; username: string; password: string }
  | { type: 'logout' }
  /** Any call answered 401: the token is no longer good. */
  | { type: 'session.expired' }
  /** Another tab ended the session (and told this one): end it here too, without calling the server. */
  | { type: 'session.ended'; reason: SessionEndReason }
  /** Another tab logged in (the stored login appeared): a logged-out tab takes it up. */
  | { type: 'session.restored'; session: Session }
  | { type: 'user.updated'; user: User }
  /** A new account (registered by invitation) is signed in: go to `to`. */
  | { type: 'session.started'; session: Session; to: string }
  | { type: 'nav.block'; reason: string }
  | { type: 'nav.unblock' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };
