import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import type { PinType } from '../../../contract/resources';
import { deletePinType, pinTypeDeleted, pinTypesOptions } from '../../api/resources';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { formatDate } from '../../lib/format';
import { PinTypeDialog } from './pin-type-dialog';

function PinTypeActions({ pinType }: { pinType: PinType }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="-my-1.5 flex flex-wrap justify-end">
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit pin type “${pinType.name}”`}>
        Edit
      </Button>
      <DeleteAction
        compact
        kind="pin type"
        name={pinType.name}
        consequence="Only a pin type that no connector pin has and no resource type allows can be deleted."
        remove={() => deletePinType(pinType.id)}
        refresh={pinTypeDeleted}
      />
      {editing ? <PinTypeDialog pinType={pinType} open onOpenChange={setEditing} /> : null}
    </div>
  );
}

const COLUMNS: Column<PinType>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    // The description under the name, so a phone's card shows it across its width.
    cell: (p) => (
      <div className="max-w-md whitespace-normal">
        <p className="font-medium">{p.name}</p>
        {p.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{p.description}</p> : null}
      </div>
    ),
  },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (p) => formatDate(p.created_at) },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (p) => <PinTypeActions pinType={p} /> },
];

/** The pin types: what kind of connector pin each is; resource types allow some of them. */
export function PinTypesTab() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DataTable
        label="Pin types"
        columns={COLUMNS}
        query={pinTypesOptions}
        rowKey={(p) => p.id}
        defaults={{ sortby: 'name' }}
        searchLabel="Search pin types"
        searchPlaceholder="Name or description"
        emptyText="No pin types yet."
        toolbar={
          <Button icon={mdiPlus} onClick={() => setCreating(true)} className="sm:ml-auto">
            New pin type
          </Button>
        }
      />
      <PinTypeDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
