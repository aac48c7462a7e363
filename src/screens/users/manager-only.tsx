import { mdiAccountMultiple } from '@mdi/js';
import { ButtonLink } from '../../components/button-link';

/** Shown instead of a form the caller may not use; the server refuses it anyway. */
export function ManagerOnly({ what }: { what: string }) {
  return (
    <div className="flex max-w-xl flex-col items-start gap-4 rounded-lg border border-secondary-light bg-white p-5">
      <p className="text-secondary">Only company admins can {what}.</p>
      <ButtonLink href="/users" variant="secondary" icon={mdiAccountMultiple}>
        All users
      </ButtonLink>
    </div>
  );
}
