import { useQuery } from '@tanstack/react-query';
import { can } from '../../../../../contract/permissions';
import { isNotFound } from '../../../../api/client';
import { projectOptions } from '../../../../api/projects';
import { projectTestProfilesOptions, testProfileOptions } from '../../../../api/test-profiles';
import { useSession } from '../../../../app/app-actor';
import { idParam, type ScreenProps } from '../../../../app/screen-props';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { PageHeader } from '../../../../components/page-header';
import { LoadingBlock } from '../../../../components/spinner';
import { formatDate, formatNumber } from '../../../../lib/format';
import { ProjectNotFound } from '../../project-not-found';
import { TestProfileStatusBadge } from '../profile-status';
import { FilesSection } from './files-section';
import { ProfileActions } from './profile-actions';
import { StatisticsSection } from './statistics-section';
import { StepsSection } from './steps-section';
import { VariablesSection } from './variables-section';
import { LimitProposalNote } from '../what-if/proposal-note';

/**
 * `/testprofiles/{id}`: one version of a test profile. A draft is edited here (its steps, files
 * and variables) by the project's editors; an active or archived one is read-only, and "New
 * version" copies it into a draft. The statistics of the reports that ran it are at the foot.
 */
export function TestProfileScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const session = useSession();
  const query = useQuery(testProfileOptions(id));
  const project = useQuery({ ...projectOptions(query.data?.project_id ?? 0), enabled: !!query.data });
  const active = useQuery({
    ...projectTestProfilesOptions(query.data?.project_id ?? 0)({ page: 1, limit: 1, sortby: 'status', sortdesc: false }),
    enabled: !!query.data && query.data.status === 'draft',
  });
  if (id <= 0 || (query.isError && isNotFound(query.error))) return <ProjectNotFound what="Test profile" />;
  if (query.isPending || (query.data && project.isPending)) return <LoadingBlock label="Loading test profile" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the test profile" />;
  if (!project.data) return <ErrorPresenter error={project.error} title="Could not load the project" />;

  const profile = query.data;
  const canEdit = can(session?.user, 'production.edit', { company_id: project.data.company_id });
  const editable = canEdit && profile.status === 'draft';
  const current = active.data?.data[0];
  const activeName = current && current.status === 'active' && current.id !== profile.id ? `“${current.name}” ${current.version}` : null;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={`${profile.name} ${profile.version}`}
        back={{ href: `/projects/${profile.project_id}/tests`, label: `${project.data.name}: test profiles` }}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TestProfileStatusBadge status={profile.status} />
            <span>
              {formatNumber(profile.step_count)} steps · {formatNumber(profile.report_count)} reports
              {profile.activated_at ? ` · activated ${formatDate(profile.activated_at)}` : ''}
            </span>
            {profile.description ? <span>{profile.description}</span> : null}
          </span>
        }
        actions={canEdit ? <ProfileActions profile={profile} activeName={activeName} /> : undefined}
      />
      {profile.status !== 'draft' ? (
        <p className="rounded-md border border-secondary-light bg-gray-50 p-3 text-sm text-secondary">
          This version is {profile.status}, so it is read-only: reports that ran it keep pointing at it.{canEdit ? ' Make a new version to change it.' : ''}
        </p>
      ) : null}
      <LimitProposalNote profileId={profile.id} />
      <StepsSection profile={profile} editable={editable} />
      <FilesSection profile={profile} editable={editable} />
      <VariablesSection profile={profile} editable={editable} />
      <StatisticsSection profile={profile} />
    </div>
  );
}
