import { useQuery } from '@tanstack/react-query';
import { capacityOptions } from '../../../api/request-hardware';
import { Badge } from '../../../components/badge';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { capacityVerdict, overallVerdict, shortfallOf, type CapacityLine } from './capacity';

const COLUMNS: Column<CapacityLine>[] = [
  { key: 'resource_type', header: 'Resource type', card: 'title', cell: (l) => l.resource_type.name },
  { key: 'needed', header: 'Groups needing a pin', className: 'tabular-nums', cell: (l) => l.groups_needing },
  { key: 'offered', header: 'Pins offered', className: 'tabular-nums', cell: (l) => l.pins.length },
  { key: 'free', header: 'Free', className: 'tabular-nums', cell: (l) => l.pins.filter((p) => !p.used_by_group).length },
  {
    key: 'verdict',
    header: 'Verdict',
    card: 'meta',
    className: 'whitespace-normal',
    cell: (l) => (
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={shortfallOf(l) > 0 ? 'danger' : 'success'}>{shortfallOf(l) > 0 ? 'Short' : 'Enough'}</Badge>
        <span className={shortfallOf(l) > 0 ? 'text-error' : undefined}>{capacityVerdict(l)}</span>
      </span>
    ),
  },
];

/** What the pad groups need per resource type against the pins the selected cartridges offer for it. */
export function CapacityTable({ requestId }: { requestId: number }) {
  const capacity = useQuery(capacityOptions(requestId));
  if (capacity.isPending) return <LoadingBlock label="Loading the capacity" />;
  if (capacity.isError) return <ErrorPresenter error={capacity.error} title="Could not load the capacity" />;
  const overall = overallVerdict(capacity.data);
  return (
    <div className="flex flex-col gap-2">
      <RowsTable
        label="Capacity per resource type"
        columns={COLUMNS}
        rows={capacity.data.resource_types}
        rowKey={(l) => l.resource_type.id}
        rowTone={(l) => (shortfallOf(l) > 0 ? 'danger' : undefined)}
        emptyText="No pad groups yet, so nothing is needed."
      />
      {overall ? <ErrorPresenter error={overall} /> : null}
    </div>
  );
}
