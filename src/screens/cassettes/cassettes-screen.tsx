import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AMS_TYPE_LABELS } from '../../../contract/cassette-module-types';
import type { Cassette } from '../../../contract/cassettes';
import { cassetteDeleted, cassettesOptions, deleteCassette } from '../../api/cassettes';
import { enclosureOptions, enclosureSearch } from '../../api/enclosures';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { CompanyFilter } from '../../components/company-filter';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { IdFilter } from '../../components/data-table/id-filter';
import { PageHeader } from '../../components/page-header';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { CassetteDialog } from './cassette-dialog';

function CassetteActions({ cassette }: { cassette: Cassette }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="-my-1.5 flex flex-wrap justify-end">
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit cassette ${cassette.serial}`}>
        Edit
      </Button>
      <DeleteAction
        compact
        kind="cassette"
        name={cassette.serial}
        consequence="Its module slots are emptied with it. Only a cassette that holds no cartridges can be deleted."
        remove={() => deleteCassette(cassette.id)}
        refresh={(client) => cassetteDeleted(client, cassette)}
      />
      {editing ? <CassetteDialog cassette={cassette} open onOpenChange={setEditing} /> : null}
    </div>
  );
}

const COLUMNS: Column<Cassette>[] = [
  {
    key: 'serial',
    header: 'Serial',
    sortable: true,
    card: 'title',
    cell: (c) => (
      <span className="flex flex-col">
        <span className="font-medium">{c.serial}</span>
        <span className="text-xs font-normal text-secondary">{c.name}</span>
      </span>
    ),
  },
  { key: 'company', header: 'Company', sortable: true, cell: (c) => c.company?.name ?? '—' },
  {
    key: 'enclosure',
    header: 'Enclosure',
    sortable: true,
    cell: (c) => (c.enclosure ? <span title={c.enclosure.name}>{c.enclosure.serial}</span> : <span className="text-secondary">None</span>),
  },
  {
    key: 'modules',
    header: 'Modules',
    cell: (c) => (
      <span className="flex max-w-64 flex-col whitespace-normal">
        <span className="tabular-nums">
          {c.modules.length} of {c.module_slots} slots
        </span>
        {c.modules.length ? (
          <span className="text-xs text-secondary">
            {c.modules.map((m) => `${m.slot}: ${m.module_type.name} (${AMS_TYPE_LABELS[m.module_type.ams_type]})`).join(' · ')}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'cartridges',
    header: 'Cartridges',
    card: 'meta',
    cell: (c) => (
      <span className="tabular-nums">
        {c.cartridges.length} of {c.cartridge_bays} bays
      </span>
    ),
  },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (c) => <CassetteActions cassette={c} /> },
];

/** The enclosure filter, within the chosen company: searched like the company, as `enclosure_id`. */
function EnclosureFilter({ companyId }: { companyId: number }) {
  const enclosureId = positiveIntParam(useSearchState().params, 'enclosure_id');
  const enclosure = useQuery({ ...enclosureOptions(enclosureId ?? 0), enabled: enclosureId !== null });
  return (
    <IdFilter
      key={companyId}
      {...enclosureSearch(companyId)}
      param="enclosure_id"
      label="Enclosure"
      selectedLabel={enclosure.data?.serial ?? null}
      placeholder="All enclosures"
      noMatches="No enclosures of this company match."
    />
  );
}

/** `/manage/cassettes`: every company's cassettes, filtered by company and enclosure. */
export function CassettesScreen({ title }: ScreenProps) {
  const [creating, setCreating] = useState(false);
  const { params } = useSearchState();
  const companyId = positiveIntParam(params, 'company_id');
  const enclosureId = companyId ? positiveIntParam(params, 'enclosure_id') : null;
  const query: ListQuery<Cassette> = (p) =>
    cassettesOptions({ ...p, company_id: companyId ?? undefined, enclosure_id: enclosureId ?? undefined });
  return (
    <>
      <PageHeader
        title={title}
        description="The carriers of AMS modules and cartridges that go into the companies’ enclosures."
        actions={
          <Button icon={mdiPlus} onClick={() => setCreating(true)}>
            New cassette
          </Button>
        }
      />
      <DataTable
        label="Cassettes"
        columns={COLUMNS}
        query={query}
        rowKey={(c) => c.id}
        defaults={{ sortby: 'serial' }}
        searchPlaceholder="Serial or name"
        emptyText={companyId ? 'No cassettes match these filters.' : 'No cassettes yet.'}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <CompanyFilter resets={['enclosure_id']} />
            {companyId ? <EnclosureFilter companyId={companyId} /> : null}
          </div>
        }
      />
      {creating ? <CassetteDialog open onOpenChange={setCreating} /> : null}
    </>
  );
}
