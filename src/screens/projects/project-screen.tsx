import { mdiDevices } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { isNotFound } from '../../api/client';
import { projectOptions } from '../../api/projects';
import { useSession } from '../../app/app-actor';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ErrorPresenter } from '../../components/error-presenter';
import { NotBuiltNotice } from '../../components/not-built-notice';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { can, isSuperadmin } from '../../../contract/permissions';
import { BatchView } from './batches/batch-view';
import { BatchesTab } from './batches/batches-tab';
import { DevicesTab } from './devices/devices-tab';
import { HardwareTab } from './hardware/hardware-tab';
import { InviteButton } from './invites/invite-button';
import { InvitationsLink } from './invites/invitations-link';
import { ManufacturersTab } from './manufacturers/manufacturers-tab';
import { ProjectNotFound } from './project-not-found';
import { ProjectTabs } from './project-tabs';
import { RequestLink } from './request-link';
import { ReleaseEdit } from './releases/release-edit';
import { ReleaseShow } from './releases/release-show';
import { ReleasesTab } from './releases/releases-tab';
import { RepairView } from './repairs/repair-view';
import { RepairsTab } from './repairs/repairs-tab';
import { TestsTab } from './tests/tests-tab';
import type { SectionProps } from './section-props';
import { ProjectStatusBadge } from './status';


const SECTIONS: Record<string, ComponentType<SectionProps>> = {
  'project.devices': DevicesTab,
  'project.devices.table': DevicesTab,
  'project.productionbatches': BatchesTab,
  'project.productionbatch': BatchView,
  'project.hardware': HardwareTab,
  'project.manufacturers': ManufacturersTab,
  'project.releasebatches': ReleasesTab,
  'project.releasebatch.edit': ReleaseEdit,
  'project.releasebatch.show': ReleaseShow,
  'project.tests': TestsTab,
  'project.repairs': RepairsTab,
  'project.repair': RepairView,
};

/**
 * Every `/projects/{id}…` route: the project's header and sections, then the section the route
 * names. Sections not built yet say so inside the project, so its navigation stays at hand.
 */
export function ProjectScreen({ params, title, route }: ScreenProps) {
  const id = idParam(params, 'id');
  const session = useSession();
  const query = useQuery(projectOptions(id));
  if (id <= 0 || (query.isError && isNotFound(query.error))) return <ProjectNotFound />;
  if (query.isPending) return <LoadingBlock label="Loading project" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the project" />;

  const project = query.data;
  const Section = SECTIONS[route];
  const allProjects = isSuperadmin(session?.user) ? `/projects?company=${project.company_id}` : '/projects';
  return (
    <>
      <PageHeader
        title={project.name}
        back={{ href: allProjects, label: 'All projects' }}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ProjectStatusBadge status={project.status} />
            {project.description ? <span>{project.description}</span> : null}
            <RequestLink project={project} user={session?.user} />
          </span>
        }
        // Each shows itself to those it is for: the list to the company's people, Invite to its editors.
        actions={
          can(session?.user, 'company.read', { company_id: project.company_id }) ? (
            <>
              <InvitationsLink project={project} />
              <InviteButton project={project} />
            </>
          ) : undefined
        }
      />
      <ProjectTabs project={project} route={route} />
      {Section ? (
        <Section project={project} params={params} title={title} />
      ) : (
        <NotBuiltNotice
          level="h2"
          title={title}
          back={{ href: `/projects/${project.id}`, label: 'Project devices', icon: mdiDevices }}
        />
      )}
    </>
  );
}
