import { mdiBellOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { unreadCountOptions } from '../../api/alerts';
import { Icon } from '../icon';

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (unread: number | undefined) => (unread ? `Notifications, ${unread} unread` : 'Notifications, none unread');

/**
 * The logged-in person's bell: how many of their notifications are unread (asked again every
 * minute), and the way to the list. Only the count loads with the layout; the list is a screen.
 */
export function NotificationBell() {
  const unread = useQuery(unreadCountOptions()).data;
  return (
    <Link
      href="/notifications"
      aria-label={bellLabel(unread)}
      title={bellLabel(unread)}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-white/15"
    >
      <Icon path={mdiBellOutline} size={22} />
      {unread ? (
        <span aria-hidden="true" className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-error px-1 text-center text-xs font-semibold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
