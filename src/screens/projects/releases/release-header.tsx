import { mdiArrowLeft } from '@mdi/js';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ReleaseBatch } from '../../../../contract/release-batches';
import { Icon } from '../../../components/icon';
import { releasesPath } from './paths';
import { ReleaseStatusBadge } from './release-status';

function BackLink({ projectId }: { projectId: number }) {
  return (
    <Link href={releasesPath(projectId)} className="inline-flex items-center gap-1 text-sm text-secondary hover:text-primary">
      <Icon path={mdiArrowLeft} size={16} />
      All release batches
    </Link>
  );
}

type ReleaseHeaderProps = { projectId: number; batch: ReleaseBatch; description?: ReactNode; actions?: ReactNode };

/** A release batch's name and status under the project header, with the way back to the list. */
export function ReleaseHeader({ projectId, batch, description, actions }: ReleaseHeaderProps) {
  return (
    <header className="flex flex-col gap-2">
      <BackLink projectId={projectId} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold break-words text-gray-900">
            {batch.name} <ReleaseStatusBadge status={batch.status} />
          </h2>
          {description ? <p className="mt-1 text-sm text-secondary">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

/** An unknown id, another company's batch, or one of another project: all look the same. */
export function ReleaseNotFound({ projectId }: { projectId: number }) {
  return (
    <div className="flex flex-col items-start gap-3 py-8">
      <BackLink projectId={projectId} />
      <h2 className="text-xl font-semibold text-gray-900">Release batch not found</h2>
      <p className="text-secondary">This project has no such release batch.</p>
    </div>
  );
}
