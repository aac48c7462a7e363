import { mdiViewDashboard } from '@mdi/js';
import { ButtonLink } from './button-link';

type NotBuiltNoticeProps = {
  title: string;
  /** `h1` for a whole screen; `h2` inside a page that has its own heading (a project's tab). */
  level?: 'h1' | 'h2';
  /** Where to go instead; the dashboard unless the page offers a nearer place. */
  back?: { href: string; label: string; icon?: string };
};

/** An honest placeholder for a route of the table that no issue has built yet. */
export function NotBuiltNotice({ title, level = 'h1', back }: NotBuiltNoticeProps) {
  const Heading = level;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Heading className={level === 'h1' ? 'text-2xl font-semibold text-gray-900' : 'text-xl font-semibold text-gray-900'}>
        {title}
      </Heading>
      <p className="text-secondary">This screen is not built yet.</p>
      <ButtonLink href={back?.href ?? '/dashboard'} variant="secondary" icon={back?.icon ?? mdiViewDashboard}>
        {back?.label ?? 'Back to the dashboard'}
      </ButtonLink>
    </div>
  );
}
