import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AMS_TYPE_LABELS } from '../../../../contract/cassette-module-types';
import { cassetteSize, MAX_MODULE_SLOTS } from '../../../../contract/cassettes';
import { selectedModuleInput, type SelectedModule } from '../../../../contract/requests';
import { moduleTypeSearch } from '../../../api/cassette-module-types';
import { addSelectedModule, removeSelectedModule, requestHardwareChanged, selectedModulesOptions, updateSelectedModule } from '../../../api/request-hardware';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { DeleteAction } from '../../../components/delete-action';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { PlacementDialog } from './placement-dialog';
import type { StepPanelProps } from './step-props';
import { useHardwareSaved } from './use-hardware-saved';

const slotName = (m: SelectedModule) => `slot ${m.slot} · ${m.module_type.name}`;

/** The modules step: which AMS module types the fixture's cassette carries, in which slots. */
export function ModulesStep({ request, onDataChanged }: StepPanelProps) {
  const modules = useQuery(selectedModulesOptions(request.id));
  const saved = useHardwareSaved(request.id, onDataChanged);
  const [editing, setEditing] = useState<SelectedModule | 'new' | null>(null);

  if (modules.isPending) return <LoadingBlock label="Loading the selected modules" />;
  if (modules.isError) return <ErrorPresenter error={modules.error} title="Could not load the selected modules" />;

  const rows = [...modules.data].sort((a, b) => a.slot - b.slot);
  const full = rows.length >= MAX_MODULE_SLOTS;
  // The project made from the request gets a cassette of this size (the same rule).
  const slots = cassetteSize({ slots: rows.map((m) => m.slot) }).module_slots;
  const columns: Column<SelectedModule>[] = [
    { key: 'slot', header: 'Slot', card: 'title', cell: (m) => `Slot ${m.slot}` },
    { key: 'module', header: 'AMS module', cell: (m) => m.module_type.name },
    { key: 'family', header: 'Family', card: 'badge', cell: (m) => <Badge tone="info">{AMS_TYPE_LABELS[m.module_type.ams_type]}</Badge> },
    {
      key: 'actions',
      header: 'Actions',
      className: 'text-right',
      cell: (m) => (
        <div className="-my-1.5 flex flex-wrap justify-end">
          <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(m)} aria-label={`Change ${slotName(m)}`}>
            Change
          </Button>
          <DeleteAction
            compact
            kind="module choice"
            name={slotName(m)}
            consequence="Pad groups driven by this module keep their pins and lose the module."
            remove={() => removeSelectedModule(m.id)}
            refresh={(client) => requestHardwareChanged(client, request.id)}
            onDeleted={onDataChanged}
          />
        </div>
      ),
    },
  ];
  const current = editing === 'new' ? undefined : (editing ?? undefined);
  const occupied = new Map(rows.filter((m) => m.id !== current?.id).map((m) => [m.slot, m.module_type.name]));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-secondary" aria-live="polite">
          <span className="font-medium text-gray-900 tabular-nums">
            {rows.length} of {slots}
          </span>{' '}
          slots used
          <span className="block text-xs">The cassette has {slots} slots; a module in a higher slot makes it larger, up to {MAX_MODULE_SLOTS}.</span>
        </p>
        <Button icon={mdiPlus} onClick={() => setEditing('new')} disabled={full} title={full ? 'Every slot holds a module.' : undefined}>
          Add module
        </Button>
      </div>
      <RowsTable label="Selected modules" columns={columns} rows={rows} rowKey={(m) => m.id} emptyText="No modules chosen yet: add the AMS modules the test needs." />
      {editing ? (
        <PlacementDialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title={current ? `Change ${slotName(current)}` : 'Add a module'}
          description="An AMS module type and the cassette slot it goes in."
          itemKey="cassette_module_type_id"
          itemLabel="AMS module"
          itemPlaceholder="Choose an AMS module"
          source={moduleTypeSearch}
          noMatches="No AMS modules match."
          positionKey="slot"
          positionLabel="Slot"
          positions={MAX_MODULE_SLOTS}
          occupied={occupied}
          initial={current && { itemId: current.module_type.id, itemName: current.module_type.name, position: current.slot }}
          schema={selectedModuleInput}
          save={(input) => (current ? updateSelectedModule(current.id, input) : addSelectedModule(request.id, input))}
          onSaved={saved}
          submitLabel={current ? 'Save' : 'Add module'}
          savedMessage={current ? 'Module changed.' : 'Module added.'}
        />
      ) : null}
    </div>
  );
}
