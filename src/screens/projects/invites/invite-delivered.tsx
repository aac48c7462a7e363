import { mdiEmailCheckOutline } from '@mdi/js';
import { registerLink, type InviteSent } from '../../../../contract/invites';
import { Icon } from '../../../components/icon';
import { formatDateTime } from '../../../lib/format';
import { InviteLink } from './invite-link';

/** The dialog title once an invitation went out: by email, or as a link for the inviter. */
export const deliveredTitle = (sent: InviteSent, resent: boolean) =>
  sent.delivery === 'email' ? (resent ? 'Invitation sent again' : 'Invitation sent') : resent ? 'New invitation link' : 'Invitation created';

/**
 * What the inviter learns after creating or resending: with a mail server, that the email went
 * (the link is the invitee's alone); without one, the link to pass on, this once.
 */
export function InviteDelivered({ sent, resent = false }: { sent: InviteSent; resent?: boolean }) {
  if (sent.delivery === 'link') {
    return (
      <div className="flex flex-col gap-4">
        {resent ? <p className="text-sm text-secondary">The link sent before no longer works.</p> : null}
        <InviteLink link={registerLink(window.location.origin, sent.token)} email={sent.email} expiresAt={sent.expires_at} />
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary-light text-secondary">
        <Icon path={mdiEmailCheckOutline} />
      </span>
      <div className="flex flex-col gap-1 text-sm text-gray-800">
        <p role="status">
          Invitation sent to <strong className="break-all">{sent.email}</strong>
        </p>
        <p className="text-secondary">
          The link in it works once, until {formatDateTime(sent.expires_at)}.
          {resent ? ' The link sent before no longer works.' : ''}
        </p>
      </div>
    </div>
  );
}
