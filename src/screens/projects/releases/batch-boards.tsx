import { CODE_TEXT } from '../../../components/data-table/serial-column';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Picks } from '../../../../machines/release-batch.machine';
import { releaseBatchDevicesOptions } from '../../../api/release-batches';
import { Pagination } from '../../../components/data-table/pagination';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { DeviceStatusBadge } from '../status';
import { PickCheckbox } from './pick-checkbox';
import type { ReleaseActor } from './release-editor';

type BatchBoardsProps = { batchId: number; picks: Picks; actor: ReleaseActor };

/**
 * The boards already in the draft, each with a checkbox to take it out on the next save. Paged
 * in this component, not in the URL: the URL's page belongs to the unreleased table above.
 */
export function BatchBoards({ batchId, picks, actor }: BatchBoardsProps) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const query = useQuery({
    ...releaseBatchDevicesOptions(batchId, { page, limit, sortby: 'serial', sortdesc: false }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;

  // After a save took boards out, the page shown may be past the last one: go back to the
  // first while rendering, rather than drawing the error first.
  if (query.isError && page > 1) setPage(1);

  if (query.isPending) return <LoadingBlock label="Loading the batch’s boards" />;
  if (query.isError && !query.data) return <ErrorPresenter error={query.error} title="Could not load the batch’s boards" />;

  return (
    <div className="min-w-0 rounded-lg border border-secondary-light bg-white shadow-sm">
      {total === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-secondary">No boards yet: pick them above, then save.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Boards in this batch</caption>
            <thead className="bg-background text-xs text-gray-700">
              <tr>
                <th scope="col" className="w-12 px-4 py-3 font-semibold">
                  Remove
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Serial
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Production batch
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-secondary-light">
              {rows.map((d) => {
                const marked = picks.remove.includes(d.id);
                return (
                  <tr key={d.id} className={marked ? 'bg-error-light/60 text-gray-500' : 'text-gray-800'}>
                    <td className="px-4 py-3">
                      <PickCheckbox
                        label={`Remove ${d.serial}`}
                        checked={marked}
                        onChange={(on) => actor.send(on ? { type: 'board.remove', id: d.id } : { type: 'board.keep', id: d.id })}
                      />
                    </td>
                    <td className={`px-4 py-3 ${CODE_TEXT} ${marked ? 'line-through' : ''}`}>{d.serial}</td>
                    <td className="px-4 py-3">{d.production_batch_name}</td>
                    <td className="px-4 py-3">
                      <DeviceStatusBadge status={d.status} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {total > 0 ? (
        <Pagination
          page={page}
          limit={limit}
          total={total}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      ) : null}
    </div>
  );
}
