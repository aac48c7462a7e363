import { mdiViewDashboard } from '@mdi/js';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';

/** An honest placeholder for a route of the table that no issue has built yet. */
export function NotBuiltScreen({ title }: ScreenProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="text-secondary">This screen is not built yet.</p>
      <ButtonLink href="/dashboard" variant="secondary" icon={mdiViewDashboard}>
        Back to the dashboard
      </ButtonLink>
    </div>
  );
}
