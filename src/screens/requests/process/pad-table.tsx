import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TestPad } from '../../../../contract/requests';
import { deleteTestPad, pogoBoardOptions } from '../../../api/requests';
import { DeleteAction } from '../../../components/delete-action';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { KIND_LABELS } from './pad-labels';

const mm = (value: number | null) => (value === null ? '—' : `${value}`);

/** What deleting a pad does to its group, named when the board's groups are known. */
function DeletePad({ pad, requestId, onDeleted }: { pad: TestPad; requestId: number; onDeleted: () => void }) {
  // The groups' names come with the pogo board (usually cached by then); only asked for a grouped pad.
  const board = useQuery({ ...pogoBoardOptions(requestId), enabled: pad.group_id !== null });
  const group = board.data?.groups.find((g) => g.id === pad.group_id);
  const consequence =
    pad.group_id === null
      ? undefined
      : `It is in the pad group ${group ? `“${group.name}”` : `#${pad.group_id}`}: the group will lose it, and a mapped group may no longer test this pad's net.`;
  return (
    <DeleteAction
      compact
      kind="test pad"
      name={pad.name}
      consequence={consequence}
      remove={() => deleteTestPad(pad.id)}
      refresh={async () => onDeleted()}
    />
  );
}

/** The request's pads, a page at a time, narrowed by name or net. */
export function PadTable({ pads, requestId, onChanged }: { pads: readonly TestPad[]; requestId: number; onChanged: () => void }) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? pads.filter((p) => p.name.toLowerCase().includes(needle) || (p.net ?? '').toLowerCase().includes(needle)) : pads;
  }, [pads, search]);
  const columns = useMemo<Column<TestPad>[]>(
    () => [
      { key: 'name', header: 'Name', cell: (p) => <span className="font-medium">{p.name}</span> },
      { key: 'net', header: 'Net', cell: (p) => p.net ?? <span className="text-secondary">none</span> },
      { key: 'x_mm', header: 'X (mm)', cell: (p) => mm(p.x), className: 'text-right tabular-nums' },
      { key: 'y_mm', header: 'Y (mm)', cell: (p) => mm(p.y), className: 'text-right tabular-nums' },
      { key: 'side', header: 'Side', cell: (p) => (p.side === 'top' ? 'Top' : 'Bottom') },
      { key: 'diameter_mm', header: 'Diameter (mm)', cell: (p) => mm(p.diameter), className: 'text-right tabular-nums' },
      { key: 'kind', header: 'Kind', cell: (p) => KIND_LABELS[p.kind] },
      { key: 'probe', header: 'Probe', cell: (p) => p.probe ?? (p.kind === 'tooling' ? '—' : <span className="text-error">none fits</span>) },
      { key: 'actions', header: 'Actions', cell: (p) => <DeletePad pad={p} requestId={requestId} onDeleted={onChanged} />, className: 'text-right' },
    ],
    [requestId, onChanged],
  );
  return (
    <div className="flex flex-col gap-2">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-gray-800">
        Find a pad
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name or net"
          className="min-h-10 rounded-md border border-secondary/40 px-3 font-normal"
        />
      </label>
      <RowsTable label="Test pads" rows={shown} columns={columns} rowKey={(p) => p.id} emptyText={search ? 'No pads match.' : 'No test pads yet.'} pageSize={50} />
    </div>
  );
}
