import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cassetteSize, MAX_CARTRIDGE_BAYS } from '../../../../contract/cassettes';
import { selectedCartridgeInput, type SelectedCartridge } from '../../../../contract/requests';
import { cartridgeTypeSearch } from '../../../api/cartridge-types';
import {
  addSelectedCartridge,
  removeSelectedCartridge,
  requestHardwareChanged,
  selectedCartridgesOptions,
  updateSelectedCartridge,
} from '../../../api/request-hardware';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { DeleteAction } from '../../../components/delete-action';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { CapacityTable } from './capacity-table';
import { PlacementDialog } from './placement-dialog';
import type { StepPanelProps } from './step-props';
import { useHardwareSaved } from './use-hardware-saved';

const bayName = (c: SelectedCartridge) => `bay ${c.bay} · ${c.cartridge_type.name}`;

/** The cartridges step: which cartridge types go in the cassette's bays, and whether their pins cover the groups. */
export function CartridgesStep({ request, onDataChanged }: StepPanelProps) {
  const cartridges = useQuery(selectedCartridgesOptions(request.id));
  const saved = useHardwareSaved(request.id, onDataChanged);
  const [editing, setEditing] = useState<SelectedCartridge | 'new' | null>(null);

  if (cartridges.isPending) return <LoadingBlock label="Loading the selected cartridges" />;
  if (cartridges.isError) return <ErrorPresenter error={cartridges.error} title="Could not load the selected cartridges" />;

  const rows = [...cartridges.data].sort((a, b) => a.bay - b.bay);
  const full = rows.length >= MAX_CARTRIDGE_BAYS;
  // The project made from the request gets a cassette of this size (the same rule).
  const bays = cassetteSize({ bays: rows.map((c) => c.bay) }).cartridge_bays;
  const columns: Column<SelectedCartridge>[] = [
    { key: 'bay', header: 'Bay', card: 'title', cell: (c) => `Bay ${c.bay}` },
    { key: 'type', header: 'Cartridge type', cell: (c) => c.cartridge_type.name },
    { key: 'pins', header: 'Connector pins', className: 'tabular-nums', cell: (c) => c.cartridge_type.pins },
    {
      key: 'actions',
      header: 'Actions',
      className: 'text-right',
      cell: (c) => (
        <div className="-my-1.5 flex flex-wrap justify-end">
          <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(c)} aria-label={`Change ${bayName(c)}`}>
            Change
          </Button>
          <DeleteAction
            compact
            kind="cartridge choice"
            name={bayName(c)}
            consequence="Pad groups mapped to its pins become unmapped."
            remove={() => removeSelectedCartridge(c.id)}
            refresh={(client) => requestHardwareChanged(client, request.id)}
            onDeleted={onDataChanged}
          />
        </div>
      ),
    },
  ];
  const current = editing === 'new' ? undefined : (editing ?? undefined);
  const occupied = new Map(rows.filter((c) => c.id !== current?.id).map((c) => [c.bay, c.cartridge_type.name]));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-secondary" aria-live="polite">
            <span className="font-medium text-gray-900 tabular-nums">
              {rows.length} of {bays}
            </span>{' '}
            bays used
            <span className="block text-xs">The cassette has {bays} bays; a cartridge in a higher bay makes it larger, up to {MAX_CARTRIDGE_BAYS}.</span>
          </p>
          <Button icon={mdiPlus} onClick={() => setEditing('new')} disabled={full} title={full ? 'Every bay holds a cartridge.' : undefined}>
            Add cartridge
          </Button>
        </div>
        <RowsTable label="Selected cartridges" columns={columns} rows={rows} rowKey={(c) => c.id} emptyText="No cartridges chosen yet." />
      </div>
      <Card title="Capacity" headingLevel={3}>
        <p className="mb-3 text-sm text-secondary">Each pad group needs one connector pin whose pin type its resource type allows.</p>
        <CapacityTable requestId={request.id} />
      </Card>
      {editing ? (
        <PlacementDialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title={current ? `Change ${bayName(current)}` : 'Add a cartridge'}
          description="A cartridge type and the cassette bay it goes in."
          itemKey="cartridge_type_id"
          itemLabel="Cartridge type"
          itemPlaceholder="Choose a cartridge type"
          source={cartridgeTypeSearch}
          noMatches="No cartridge types match."
          positionKey="bay"
          positionLabel="Bay"
          positions={MAX_CARTRIDGE_BAYS}
          occupied={occupied}
          initial={current && { itemId: current.cartridge_type.id, itemName: current.cartridge_type.name, position: current.bay }}
          schema={selectedCartridgeInput}
          save={(input) => (current ? updateSelectedCartridge(current.id, input) : addSelectedCartridge(request.id, input))}
          onSaved={saved}
          submitLabel={current ? 'Save' : 'Add cartridge'}
          savedMessage={current ? 'Cartridge changed.' : 'Cartridge added.'}
        />
      ) : null}
    </div>
  );
}
