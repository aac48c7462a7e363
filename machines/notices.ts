import type { RedirectReason } from './guard';

/**
 * Why a person sees a screen they did not choose: the root machine keeps one in its
 * context until they go to another screen, and the screen shows its text as a polite status.
 */
export type NoticeReason = RedirectReason | 'sessionExpired' | 'loggedOutElsewhere';

export type Notice = { reason: NoticeReason; text: string };

const TEXTS: Record<NoticeReason, string> = {
  adminOnly: "The management area is for Jigboard's administrators.",
  roleMissing: 'Your role does not open that screen.',
  sessionExpired: 'Your session has ended. Log in again to continue.',
  loggedOutElsewhere: 'You logged out in another tab.',
};

export const notice = (reason: NoticeReason): Notice => ({ reason, text: TEXTS[reason] });
