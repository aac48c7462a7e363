import { INVITE_STATUSES, type Invite } from '../../../../contract/invites';
import type { Project } from '../../../../contract/projects';
import { projectInvitesOptions } from '../../../api/invites';
import { useSession } from '../../../app/app-actor';
import { DataTable } from '../../../components/data-table/data-table';
import { RoleNote } from '../../../components/role-note';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { formatDate } from '../../../lib/format';
import { can } from '../../../../contract/permissions';
import { InviteRowActions } from './invite-row-actions';
import { INVITE_STATUS_OPTIONS, InviteStatusBadge } from './invite-status';
import { ROLE_LABELS } from '../../../../contract/labels';

/** When the status began or ends: the link's expiry while it may still be used, else when it was used or withdrawn. */
function statusDate(i: Invite): string {
  switch (i.status) {
    case 'pending':
      return `until ${formatDate(i.expires_at)}`;
    case 'expired':
      return `since ${formatDate(i.expires_at)}`;
    case 'accepted':
      return formatDate(i.accepted_at);
    case 'revoked':
      return formatDate(i.updated_at);
  }
}

/** On a phone: the address, its status and date beside it, then role and inviter, then Resend and Revoke. */
const columns: Column<Invite>[] = [
  {
    key: 'email',
    header: 'Email',
    sortable: true,
    card: 'title',
    cell: (i) => <span className="font-medium wrap-anywhere">{i.email}</span>,
  },
  {
    key: 'role',
    header: 'Role · manufacturer',
    cell: (i) => (
      <>
        {ROLE_LABELS[i.role]}
        <span className="block text-xs text-secondary">{i.manufacturer_name ?? 'No manufacturer'}</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    cell: (i) => (
      <>
        <InviteStatusBadge status={i.status} />
        <span className="mt-1 block text-xs text-secondary">{statusDate(i)}</span>
      </>
    ),
  },
  {
    key: 'invited_by',
    header: 'Invited by',
    cell: (i) => (
      <>
        {i.invited_by?.username ?? '—'}
        <span className="block text-xs text-secondary">{formatDate(i.created_at)}</span>
      </>
    ),
  },
];

const actionsColumn: Column<Invite> = {
  key: 'actions',
  header: 'Actions',
  className: 'text-right',
  card: 'actions',
  cell: (i) => <InviteRowActions invite={i} />,
};

/** A project's invitations: who was asked in, as what, and whether they came. */
export function InvitationsSection({ project }: { project: Project }) {
  const session = useSession();
  const status = useTableFilter('status', INVITE_STATUSES);
  const query: ListQuery<Invite> = (p) => projectInvitesOptions(project.id, { ...p, status });
  const canInvite = can(session?.user, 'production.edit', { company_id: project.company_id });
  return (
    <>
      <DataTable
        label="Invitations"
        columns={canInvite ? [...columns, actionsColumn] : columns}
        query={query}
        rowKey={(i) => i.id}
        defaults={{ sortby: 'created_at', sortdesc: true }}
        searchPlaceholder="Email contains…"
        searchLabel="Search invitations"
        emptyText={status ? `No ${status} invitations.` : 'Nobody has been invited to this project yet.'}
        // Inviting is the project header's "Invite", on every tab: one button, not two here.
        toolbar={
          <>
            <TableFilter param="status" label="Status" options={INVITE_STATUS_OPTIONS} allLabel="All statuses" />
            {canInvite ? null : (
              <RoleNote permission="production.edit" action="invite people or withdraw invitations" owner={{ company_id: project.company_id, named: 'the project’s company' }} className="sm:ml-auto" />
            )}
          </>
        }
      />
    </>
  );
}
