import { mdiFolderMultipleOutline } from '@mdi/js';
import { ButtonLink } from '../../components/button-link';

/** A missing project and one of another company look the same: the server answers 404 for both. */
export function ProjectNotFound({ what = 'Project' }: { what?: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{what} not found</h1>
      <p className="text-secondary">There is no such {what.toLowerCase()}, or it is not one you can see.</p>
      <ButtonLink href="/projects" variant="secondary" icon={mdiFolderMultipleOutline}>
        All projects
      </ButtonLink>
    </div>
  );
}
