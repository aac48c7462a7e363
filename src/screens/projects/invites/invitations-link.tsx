import { mdiEmailMultipleOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { Project } from '../../../../contract/projects';
import { can } from '../../../../contract/permissions';
import { projectInvitesOptions } from '../../../api/invites';
import { useSession } from '../../../app/app-actor';
import { ButtonLink } from '../../../components/button-link';
import { formatNumber } from '../../../lib/format';
import { invitationsPath } from '../manufacturers-view';

/**
 * "Invitations" in the project's header, beside "Invite", for the project company's people (who
 * may read the list): the way to who was asked in, with how many have not answered yet.
 */
export function InvitationsLink({ project }: { project: Project }) {
  const session = useSession();
  const allowed = can(session?.user, 'company.read', { company_id: project.company_id });
  // One row is enough: the count is the page's total. Shares the list's key, so it refreshes with it.
  const pending = useQuery({
    ...projectInvitesOptions(project.id, { page: 1, limit: 1, status: 'pending' }),
    enabled: allowed && project.id > 0,
  });
  if (!allowed) return null;
  const count = pending.data?.meta.total ?? 0;
  return (
    <ButtonLink href={invitationsPath(project.id)} variant="secondary" icon={mdiEmailMultipleOutline}>
      Invitations
      {count > 0 ? (
        <span className="rounded-full bg-primary-light px-2 py-0.5 text-xs font-medium text-primary-dark">{formatNumber(count)} pending</span>
      ) : null}
    </ButtonLink>
  );
}
