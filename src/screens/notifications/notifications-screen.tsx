import { mdiCheck, mdiCheckAll } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Notification } from '../../../contract/alerts';
import { markAllNotificationsRead, markNotificationRead, notificationsChanged, notificationsOptions, unreadCountOptions } from '../../api/alerts';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../app/screen-props';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';

function Acknowledge({ notification }: { notification: Notification }) {
  const client = useQueryClient();
  const read = useMutation({ mutationFn: () => markNotificationRead(notification.id), onSuccess: () => notificationsChanged(client) });
  if (notification.read_at) return <span className="text-sm text-secondary">Acknowledged</span>;
  return (
    <Button variant="secondary" icon={mdiCheck} busy={read.isPending} onClick={() => read.mutate()} aria-label={`Acknowledge: ${notification.alert.title}`}>
      Acknowledge
    </Button>
  );
}

const columns: Column<Notification>[] = [
  {
    key: 'alert',
    header: 'Alert',
    card: 'title',
    cell: (n) => (
      <div className={n.read_at ? 'min-w-0 whitespace-normal text-secondary' : 'min-w-0 whitespace-normal'}>
        <p className={n.read_at ? 'break-words' : 'font-semibold break-words text-gray-900'}>{n.alert.title}</p>
        <p className="mt-0.5 break-words text-sm text-secondary">{n.alert.detail}</p>
      </div>
    ),
  },
  {
    key: 'state',
    header: 'Now',
    card: 'badge',
    cell: (n) => (n.alert.state === 'firing' ? <Badge tone="danger">Firing</Badge> : <Badge tone="muted">Cleared {formatDateTime(n.alert.cleared_at)}</Badge>),
  },
  { key: 'created_at', header: 'When', card: 'meta', cell: (n) => <span className="whitespace-nowrap">{formatDateTime(n.alert.fired_at)}</span> },
  {
    key: 'link',
    header: 'Where to look',
    cell: (n) => (
      <Link href={n.alert.link} className="font-medium whitespace-nowrap text-primary underline-offset-2 hover:underline">
        Look at it
      </Link>
    ),
  },
  { key: 'actions', header: 'Acknowledge', className: 'text-right', card: 'actions', cell: (n) => <Acknowledge notification={n} /> },
];

/**
 * `/notifications`: what the alert rules told me, unread first, each with what to look at and a
 * link there; acknowledging one (or all) empties the bell.
 */
export function NotificationsScreen({ title }: ScreenProps) {
  const client = useQueryClient();
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  const all = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: () => notificationsChanged(client) });
  return (
    <>
      <PageHeader
        title={title}
        description="What your project's alert rules found, unread first. Each occurrence tells you once, until it clears."
        actions={
          <Button icon={mdiCheckAll} variant="secondary" busy={all.isPending} disabled={unread === 0} onClick={() => all.mutate()}>
            Acknowledge all
          </Button>
        }
      />
      {all.isError ? <ErrorPresenter error={all.error} title="Could not acknowledge them" /> : null}
      <DataTable
        label="Notifications"
        columns={columns}
        query={notificationsOptions}
        rowKey={(n) => n.id}
        emptyText="No notifications. The alert rules of a project (its Tests tab) decide what tells you."
      />
    </>
  );
}
