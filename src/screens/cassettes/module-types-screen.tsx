import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import { AMS_TYPE_LABELS, AMS_TYPES, type CassetteModuleType } from '../../../contract/cassette-module-types';
import { deleteModuleType, moduleTypeDeleted, moduleTypesOptions } from '../../api/cassette-module-types';
import type { ScreenProps } from '../../app/screen-props';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { PageHeader } from '../../components/page-header';
import { formatNumber } from '../../lib/format';
import { AMS_TYPE_OPTIONS, ModuleTypeDialog } from './module-type-dialog';

function ModuleTypeActions({ moduleType }: { moduleType: CassetteModuleType }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="-my-1.5 flex flex-wrap justify-end">
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit ${moduleType.name}`}>
        Edit
      </Button>
      <DeleteAction
        compact
        kind="AMS module"
        name={moduleType.name}
        consequence="Only a module that no cassette holds can be deleted."
        remove={() => deleteModuleType(moduleType.id)}
        refresh={moduleTypeDeleted}
      />
      {editing ? <ModuleTypeDialog moduleType={moduleType} open onOpenChange={setEditing} /> : null}
    </div>
  );
}

const COLUMNS: Column<CassetteModuleType>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    cell: (m) => (
      <div className="max-w-72 whitespace-normal">
        <p className="font-medium">{m.name}</p>
        {m.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{m.description}</p> : null}
      </div>
    ),
  },
  { key: 'ams_type', header: 'AMS type', sortable: true, card: 'badge', cell: (m) => <Badge tone="info">{AMS_TYPE_LABELS[m.ams_type]}</Badge> },
  {
    key: 'cassette_count',
    header: 'In cassettes',
    sortable: true,
    className: 'text-right tabular-nums',
    cell: (m) => formatNumber(m.cassette_count),
  },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (m) => <ModuleTypeActions moduleType={m} /> },
];

/** `/manage/amsmodules`: the cassette module types (AMS modules), by name. */
export function ModuleTypesScreen({ title }: ScreenProps) {
  const [creating, setCreating] = useState(false);
  const amsType = useTableFilter('ams_type', AMS_TYPES);
  const query: ListQuery<CassetteModuleType> = (params) => moduleTypesOptions({ ...params, ams_type: amsType });
  return (
    <>
      <PageHeader
        title={title}
        description="The instrument modules a cassette’s slots hold: multimeters, supplies, I/O, buses, scopes."
        actions={
          <Button icon={mdiPlus} onClick={() => setCreating(true)}>
            New AMS module
          </Button>
        }
      />
      <DataTable
        label="AMS modules"
        columns={COLUMNS}
        query={query}
        rowKey={(m) => m.id}
        defaults={{ sortby: 'name' }}
        searchPlaceholder="Name"
        emptyText={amsType ? `No ${AMS_TYPE_LABELS[amsType]} modules.` : 'No AMS modules yet.'}
        toolbar={<TableFilter param="ams_type" label="AMS type" options={AMS_TYPE_OPTIONS} allLabel="All types" />}
      />
      {creating ? <ModuleTypeDialog open onOpenChange={setCreating} /> : null}
    </>
  );
}
