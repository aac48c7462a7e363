import { mdiAccountPlusOutline } from '@mdi/js';
import { useState } from 'react';
import type { Project } from '../../../../contract/projects';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { can } from '../../../../contract/permissions';
import { InviteDialog } from './invite-dialog';

/** "Invite" in the project's header, for those who may invite: reachable from every section. */
export function InviteButton({ project }: { project: Project }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!can(session?.user, 'production.edit', { company_id: project.company_id })) return null;
  return (
    <>
      <Button variant="secondary" icon={mdiAccountPlusOutline} onClick={() => setOpen(true)}>
        Invite
      </Button>
      <InviteDialog project={project} open={open} onOpenChange={setOpen} />
    </>
  );
}
