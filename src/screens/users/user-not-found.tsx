import { mdiAccountMultiple } from '@mdi/js';
import { ButtonLink } from '../../components/button-link';

/** A missing user and one of another company look the same: the server answers 404 for both. */
export function UserNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">User not found</h1>
      <p className="text-secondary">There is no such user, or it is not one you can see.</p>
      <ButtonLink href="/users" variant="secondary" icon={mdiAccountMultiple}>
        All users
      </ButtonLink>
    </div>
  );
}
