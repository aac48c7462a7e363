import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Invite, InviteSent } from '../../../../contract/invites';
import { invitesChanged, updateInvite } from '../../../api/invites';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorPresenter } from '../../../components/error-presenter';
import { FormDialog } from '../../../components/form-dialog';
import { deliveredTitle, InviteDelivered } from './invite-delivered';
import { showSuccess } from '../../../components/toast';

/**
 * Revoke (asks first) and Resend (a new link: emailed, or shown once) for one invitation. Only what the
 * status allows is offered: a pending one both, an expired one a resend, a used or withdrawn one nothing.
 */
export function InviteRowActions({ invite }: { invite: Invite }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [resent, setResent] = useState<InviteSent | null>(null);
  const revoke = useMutation({
    mutationFn: () => updateInvite(invite.id, 'revoke'),
    onSuccess: async () => {
      setConfirming(false);
      showSuccess(`Invitation to ${invite.email} withdrawn.`);
      await invitesChanged(client, invite.project_id);
    },
  });
  const resend = useMutation({
    mutationFn: () => updateInvite(invite.id, 'resend') as Promise<InviteSent>,
    onSuccess: async (next) => {
      setResent(next);
      await invitesChanged(client, invite.project_id);
    },
  });

  const canRevoke = invite.status === 'pending';
  const canResend = invite.status === 'pending' || invite.status === 'expired';
  if (!canRevoke && !canResend) return null;

  return (
    <div className="flex flex-col items-end gap-1">
      {/* One above the other in the table, so it stays within a laptop screen; side by side on a card. */}
      <div className="-my-1.5 flex gap-2 sm:flex-col sm:items-end sm:gap-0">
        {canResend ? (
          <Button variant="ghost" className="min-h-9 px-2" busy={resend.isPending} onClick={() => resend.mutate()} aria-label={`Resend the invitation to ${invite.email}`}>
            Resend
          </Button>
        ) : null}
        {canRevoke ? (
          <Button variant="ghost" className="min-h-9 px-2 text-error" onClick={() => setConfirming(true)} aria-label={`Revoke the invitation to ${invite.email}`}>
            Revoke
          </Button>
        ) : null}
      </div>
      {resend.isError ? <ErrorPresenter error={resend.error} className="max-w-xs text-left" /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) revoke.reset();
        }}
        title="Revoke the invitation?"
        description={`The link sent to ${invite.email} stops working. You can invite them again later.`}
        confirmLabel="Revoke invitation"
        danger
        busy={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate()}
      />
      <FormDialog
        open={resent !== null}
        onOpenChange={(open) => (open ? undefined : setResent(null))}
        title={resent ? deliveredTitle(resent, true) : 'New invitation link'}
      >
        {resent ? (
          <div className="flex flex-col gap-4">
            <InviteDelivered sent={resent} resent />
            <div className="flex justify-end">
              <Button onClick={() => setResent(null)}>Done</Button>
            </div>
          </div>
        ) : null}
      </FormDialog>
    </div>
  );
}
