import { mdiViewDashboard } from '@mdi/js';
import { useLocation } from 'wouter';
import { ButtonLink } from '../../components/button-link';

export function NotFoundScreen() {
  const [pathname] = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">Page not found</h1>
      <p className="break-all text-secondary">
        There is no page at <code className="rounded bg-secondary-light px-1">{pathname}</code>.
      </p>
      <ButtonLink href="/dashboard" variant="secondary" icon={mdiViewDashboard}>
        Back to the dashboard
      </ButtonLink>
    </div>
  );
}
