import { mdiInformationOutline } from '../components/first-screen-icons';
import { Icon } from '../components/icon';
import { cx } from '../lib/cx';
import { useAppSelector, type AppSnapshot } from './app-actor';

const selectNotice = (s: AppSnapshot) => s.context.notice?.text ?? null;

/**
 * Why this screen and not the one asked for (the root machine's notice: a redirect, a session
 * ended elsewhere), as a polite status. Nothing at all without one: an empty status region on
 * every screen would be one more for the toasts' to be told apart from.
 */
export function NoticeBanner({ className }: { className?: string }) {
  const text = useAppSelector(selectNotice);
  if (!text) return null;
  return (
    <p
      role="status"
      aria-live="polite"
      className={cx('flex gap-2 rounded-md border border-secondary/30 bg-secondary-light p-3 text-sm text-gray-900', className)}
    >
      <Icon path={mdiInformationOutline} className="text-secondary" />
      {text}
    </p>
  );
}
