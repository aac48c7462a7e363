import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { Project } from '../../../../contract/projects';
import { useSession } from '../../../app/app-actor';
import { idParam } from '../../../app/screen-props';
import { LoadingBlock } from '../../../components/spinner';
import type { SectionProps } from '../section-props';
import { can } from '../../../../contract/permissions';
import { releaseShowPath } from './paths';
import { releaseBatchLogic } from './release-actors';
import { ReleaseEditor } from './release-editor';
import { ReleaseNotFound } from './release-header';

/** The machine lives as long as this batch's edit screen: leaving it stops the flow. */
function EditorHost({ project, batchId }: { project: Project; batchId: number }) {
  const client = useQueryClient();
  const logic = useMemo(() => releaseBatchLogic(client), [client]);
  const actor = useActorRef(logic, { input: { batchId } });
  return <ReleaseEditor actor={actor} project={project} />;
}

/** `/projects/{id}/releasesbatches/{rb_id}/edit`: building a release batch (the machine's flow). */
export function ReleaseEdit({ project, params }: SectionProps) {
  const id = idParam(params, 'rb_id');
  const session = useSession();
  const [, navigate] = useLocation();
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });

  // Readers have nothing to do here: the batch's record is their page.
  useEffect(() => {
    if (id > 0 && !canEdit) navigate(releaseShowPath(project.id, id), { replace: true });
  }, [id, canEdit, navigate, project.id]);

  if (id <= 0) return <ReleaseNotFound projectId={project.id} />;
  if (!canEdit) return <LoadingBlock label="Opening the release batch" />;
  return <EditorHost key={id} project={project} batchId={id} />;
}
