import { mdiDownload } from '@mdi/js';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { WiringRow } from '../../../../contract/requests';
import { downloadWiringCsv, wiringOptions } from '../../../api/request-hardware';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';

const none = <span className="text-secondary">—</span>;

const COLUMNS: Column<WiringRow>[] = [
  {
    key: 'pad',
    header: 'Pad',
    card: 'title',
    cell: (r) => (
      <span className="flex flex-col">
        <span className="font-medium">{r.pad}</span>
        {r.net ? <span className="text-xs font-normal text-secondary">{r.net}</span> : null}
      </span>
    ),
  },
  { key: 'side', header: 'Side', card: 'meta', cell: (r) => `${r.side} (${r.x}, ${r.y})` },
  { key: 'probe', header: 'Probe', cell: (r) => r.probe ?? none },
  {
    key: 'group',
    header: 'Group',
    cell: (r) => (
      <span className="flex flex-col">
        <span>{r.group}</span>
        <span className="text-xs text-secondary">{r.resource_type}</span>
      </span>
    ),
  },
  {
    key: 'pin',
    header: 'Cartridge pin',
    cell: (r) => (r.cartridge_bay !== null ? `Bay ${r.cartridge_bay} · ${r.cartridge_type ?? ''} · ${r.connector_pin ?? ''}` : none),
  },
  { key: 'module', header: 'Module', cell: (r) => (r.module_slot !== null ? `Slot ${r.module_slot} · ${r.module ?? ''}` : none) },
];

/** The wiring list (pad → probe → group → cartridge pin → module): what the fixture builder wires, and its CSV. */
export function WiringList({ requestId }: { requestId: number }) {
  const wiring = useQuery(wiringOptions(requestId));
  const download = useMutation({ mutationFn: () => downloadWiringCsv(requestId) });
  return (
    <Card title="Wiring list" headingLevel={3}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-secondary">One line per probed pad, as the fixture is wired.</p>
        <Button variant="secondary" icon={mdiDownload} busy={download.isPending} onClick={() => download.mutate()}>
          Export CSV
        </Button>
      </div>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not export the wiring list" className="mb-3" /> : null}
      {wiring.isPending ? (
        <LoadingBlock label="Loading the wiring list" />
      ) : wiring.isError ? (
        <ErrorPresenter error={wiring.error} title="Could not load the wiring list" />
      ) : (
        <RowsTable label="Wiring list" columns={COLUMNS} rows={wiring.data} rowKey={(r) => r.pad} emptyText="No pads are in a group yet." pageSize={50} />
      )}
    </Card>
  );
}
