import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResourceType } from '../../../contract/resources';
import { allPinTypesOptions, deleteResourceType, resourceTypeDeleted, resourceTypesOptions } from '../../api/resources';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { PinMapSheet } from './pin-map-sheet';
import { ResourceTypeDialog } from './resource-type-dialog';

function ResourceTypeActions({ resourceType, openPinMap }: { resourceType: ResourceType; openPinMap: (id: number) => void }) {
  const [editing, setEditing] = useState(false);
  const name = `resource type “${resourceType.name}”`;
  return (
    <div className="-my-1.5 flex flex-wrap justify-end">
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => openPinMap(resourceType.id)} aria-label={`Pin map of ${name}`}>
        Pin map
      </Button>
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <DeleteAction
        compact
        kind="resource type"
        name={resourceType.name}
        consequence="Only a resource type with an empty pin map can be deleted."
        remove={() => deleteResourceType(resourceType.id)}
        refresh={(client) => resourceTypeDeleted(client, resourceType)}
      />
      {editing ? <ResourceTypeDialog resourceType={resourceType} open onOpenChange={setEditing} /> : null}
    </div>
  );
}

/** The resource types with the pin types each allows and how many pins serve it. */
export function ResourceTypesTab() {
  const { params, set } = useSearchState();
  const [creating, setCreating] = useState(false);
  const pinTypes = useQuery(allPinTypesOptions());
  const pinTypeId = positiveIntParam(params, 'pin_type_id') ?? undefined;
  const pinMapOf = positiveIntParam(params, 'pinmap');
  const openPinMap = (id: number) => set({ pinmap: id }, { push: true });
  const query: ListQuery<ResourceType> = (p) => resourceTypesOptions({ ...p, pin_type_id: pinTypeId });
  const filtered = pinTypes.data?.find((p) => p.id === pinTypeId);

  const columns: Column<ResourceType>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      card: 'title',
      cell: (r) => (
        <div className="max-w-64 whitespace-normal">
          <p className="font-medium">{r.name}</p>
          {r.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{r.description}</p> : null}
        </div>
      ),
    },
    {
      key: 'pin_types',
      header: 'Allowed pin types',
      cell: (r) =>
        r.pin_types.length ? (
          <div className="flex max-w-64 flex-wrap gap-1">
            {r.pin_types.map((p) => (
              <Badge key={p.id}>{p.name}</Badge>
            ))}
          </div>
        ) : (
          <span className="text-secondary">None</span>
        ),
    },
    { key: 'pin_count', header: 'Mapped pins', sortable: true, className: 'tabular-nums', cell: (r) => r.pin_count },
    { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (r) => <ResourceTypeActions resourceType={r} openPinMap={openPinMap} /> },
  ];

  return (
    <>
      <DataTable
        label="Resource types"
        columns={columns}
        query={query}
        rowKey={(r) => r.id}
        defaults={{ sortby: 'name' }}
        searchLabel="Search resource types"
        searchPlaceholder="Name or description"
        emptyText={filtered ? `No resource type allows ${filtered.name} pins.` : 'No resource types yet.'}
        toolbar={
          <>
            <TableFilter
              param="pin_type_id"
              label="Allows"
              options={(pinTypes.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              allLabel="Any pin type"
            />
            <Button icon={mdiPlus} onClick={() => setCreating(true)} className="sm:ml-auto">
              New resource type
            </Button>
          </>
        }
      />
      <ResourceTypeDialog open={creating} onOpenChange={setCreating} />
      {pinMapOf !== null ? <PinMapSheet resourceTypeId={pinMapOf} onClose={() => set({ pinmap: null }, { push: true })} /> : null}
    </>
  );
}
