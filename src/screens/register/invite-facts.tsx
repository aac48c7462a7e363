import type { InvitePreview } from '../../../contract/invites';
import { DefinitionList, type Definition } from '../../components/definition-list';
import { formatDate } from '../../lib/format';
import { ROLE_LABELS } from '../../../contract/labels';

/** What the invitation is for: the project, the company a new account joins, the role, who sent it. */
export function InviteFacts({ invite }: { invite: InvitePreview }) {
  const items: Definition[] = [
    { term: 'Project', value: invite.project.name },
    { term: 'Company', value: invite.company.name },
    { term: 'Role', value: ROLE_LABELS[invite.role] },
  ];
  if (invite.invited_by) items.push({ term: 'Invited by', value: invite.invited_by });
  items.push({ term: 'Link valid until', value: formatDate(invite.expires_at) });
  return (
    <div className="rounded-md bg-background p-4">
      <DefinitionList items={items} />
    </div>
  );
}
