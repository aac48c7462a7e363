import { Link } from 'wouter';
import type { Project } from '../../../contract/projects';
import { isSuperadmin, type Principal } from '../../../contract/permissions';

/** The request a project was made from, for the superadmins who process requests (nobody else may open it). */
export function RequestLink({ project, user }: { project: Pick<Project, 'request_id'>; user: Pick<Principal, 'roles'> | null | undefined }) {
  if (project.request_id === null || !isSuperadmin(user)) return null;
  return (
    <Link href={`/manage/requests/process/${project.request_id}`} className="text-primary-dark hover:underline">
      From request #{project.request_id}
    </Link>
  );
}
