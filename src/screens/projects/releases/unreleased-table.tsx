import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Device } from '../../../../contract/devices';
import type { Page } from '../../../../contract/envelope';
import type { MatchingFilter, Picks } from '../../../../machines/release-batch.machine';
import { batchChoicesOptions } from '../../../api/batches';
import { unreleasedDevicesOptions } from '../../../api/release-batches';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { serialColumn } from '../../../components/data-table/serial-column';
import { SERIAL_TABLE_SEARCH, SerialSearchNote } from '../../../components/serial-search-note';
import { TableFilter } from '../../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { positiveIntParam, useSearchState } from '../../../lib/url-search';
import type { ReleaseActor } from './release-editor';
import { currentFilter, matchingCovers } from './matching';
import { PickCheckbox } from './pick-checkbox';

type PageActionsProps = {
  query: UseQueryOptions<Page<Device>, Error, Page<Device>, readonly unknown[]>;
  filter: MatchingFilter;
  picks: Picks;
  actor: ReleaseActor;
};

/** "Select this page" and "Select all N matching", from the very page the table shows. */
function PageActions({ query, filter, picks, actor }: PageActionsProps) {
  const page = useQuery({ ...query, placeholderData: keepPreviousData });
  const rows = page.data?.data ?? [];
  const total = page.data?.meta.total ?? 0;
  if (rows.length === 0) return null;
  if (matchingCovers(picks, filter)) {
    return <p className="text-sm font-medium text-primary-dark sm:ml-auto">All {formatNumber(total)} matching boards picked</p>;
  }
  const ids = rows.map((d) => d.id);
  const wholePage = ids.every((id) => picks.add.includes(id));
  return (
    <div className="flex flex-wrap gap-2 sm:ml-auto">
      {wholePage ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'page.unpick', ids })}>
          Unselect this page
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => actor.send({ type: 'page.pick', ids })}>
          Select this page
        </Button>
      )}
      {total > rows.length ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'matching.pick', filter, total })}>
          Select all {formatNumber(total)} matching
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The project's passed boards in no release batch: serial search and batch filter in the URL,
 * a checkbox per row. Picks go to the machine; nothing is sent until "Save and review".
 */
export function UnreleasedTable({ projectId, picks, actor }: { projectId: number; picks: Picks; actor: ReleaseActor }) {
  const { params } = useSearchState();
  const batches = useQuery(batchChoicesOptions(projectId));
  const batchId = positiveIntParam(params, 'batch') ?? undefined;
  const query: ListQuery<Device> = (p) => unreleasedDevicesOptions(projectId, { ...p, production_batch_id: batchId });
  const covered = matchingCovers(picks, currentFilter(params.get('search'), batchId));
  const batchOptions = (batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  const columns: Column<Device>[] = [
    {
      key: 'pick',
      header: 'Pick',
      className: 'w-12',
      card: 'lead',
      cell: (d) => (
        <PickCheckbox
          label={`Pick ${d.serial}`}
          checked={covered || picks.add.includes(d.id)}
          disabled={covered}
          onChange={(on) => actor.send(on ? { type: 'device.pick', id: d.id } : { type: 'device.unpick', id: d.id })}
        />
      ),
    },
    serialColumn(),
    { key: 'production_batch_name', header: 'Production batch' },
    { key: 'tested_at', header: 'Tested at', sortable: true, card: 'meta', cell: (d) => formatDateTime(d.tested_at) },
  ];

  return (
    <>
      <SerialSearchNote />
      <DataTable
        label="Unreleased boards"
        columns={columns}
        query={query}
        rowKey={(d) => d.id}
        defaults={{ sortby: 'serial', sortdesc: false }}
        {...SERIAL_TABLE_SEARCH}
        emptyText={batchId ? 'No unreleased boards in this production batch.' : 'No passed boards wait for a release.'}
        toolbar={(p) => (
          <>
            <TableFilter
              param="batch"
              label="Production batch"
              options={batchOptions}
              allLabel={batches.isPending ? 'Loading…' : 'All batches'}
            />
            <PageActions query={query(p)} filter={currentFilter(p.search, batchId)} picks={picks} actor={actor} />
          </>
        )}
      />
    </>
  );
}
